// Question: all quarantined (or malicious) memories of agent X, and who quarantined them and why.
//   Memories quarantined at write time carry the firewall's decision (no transition); memories
//   quarantined later carry the transition record {action: "quarantine", by, reason, at} that
//   a4s_memory/store/transitions.py appends to the ledger entry's a4s_evidence JSON log, and (when
//   the audit log is on) a matching AuditEvent {action: 'quarantine', requester_id}. Entity/fact
//   overrides (quarantine of one element only) are listed too.
// Parameters (run this in the Browser first):
// :param agent_id => 'my-agent'
// View: Table. `quarantined_by` is parsed from the JSON log with string functions (no APOC in
//   Community); `transitions` keeps the raw log.
MATCH (s:A4SStatus)
WHERE s.group_id IN ['agent-' + $agent_id + '-private', 'agent-' + $agent_id + '-public']
  AND (s.security_status IN ['quarantined', 'malicious']
       OR s.override_security IN ['quarantined', 'malicious'])
WITH s, [rec IN split(coalesce(s.a4s_evidence, ''), '}, {')
         WHERE rec CONTAINS '"action": "quarantine"'] AS quarantines
WITH s, CASE WHEN size(quarantines) = 0 THEN null ELSE quarantines[size(quarantines) - 1] END AS last
OPTIONAL MATCH (ev:AuditEvent {memory_id: s.uuid})
WHERE ev.action = 'quarantine'
WITH s, last, collect(ev {.seq, .requester_id, .timestamp, .event_id}) AS audit_events
OPTIONAL MATCH (ep:Episodic {uuid: s.uuid})
OPTIONAL MATCH ()-[f:RELATES_TO {uuid: s.uuid}]->()
OPTIONAL MATCH (n:Entity {uuid: s.uuid})
RETURN s.kind AS kind, s.uuid AS memory_id, s.group_id AS group_id,
       coalesce(ep.content, f.fact, n.name) AS text,
       coalesce(s.override_security, s.security_status) AS security_status,
       CASE WHEN last IS NULL
            THEN 'firewall at write time (decision ' + coalesce(s.a4s_decision_id, '?') + ')'
            ELSE split(split(last, '"by": "')[1], '"')[0] END AS quarantined_by,
       CASE WHEN last IS NULL THEN null
            ELSE split(split(last, '"reason": "')[1], '"')[0] END AS reason,
       CASE WHEN last IS NULL THEN toString(s.created_at)
            ELSE split(split(last, '"at": "')[1], '"')[0] END AS quarantined_at,
       s.a4s_written_by AS written_by, s.a4s_source_type AS source_type,
       s.a4s_decision_id AS decision_id, audit_events, s.a4s_evidence AS transitions
ORDER BY quarantined_at DESC
