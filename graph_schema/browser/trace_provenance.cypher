// Question: trace fact -> episode -> source -> writer -> firewall decision -> audit events.
//   One row per supporting episode of the fact. Audit events are matched by the episode's
//   memory_id and by the decision id with OPTIONAL MATCH, so the query works with or without the
//   audit log (label AuditEvent, linked by (:AuditEvent)-[:AUDIT_OF_MEMORY]->(:Episodic)).
// Parameters (run this in the Browser first):
// :param fact_uuid => '00000000-0000-0000-0000-000000000000'
// View: Table. For the picture, run trace_provenance_graph.cypher.
MATCH (src:Entity)-[f:RELATES_TO {uuid: $fact_uuid}]->(dst:Entity)
UNWIND CASE WHEN size(coalesce(f.episodes, [])) = 0 THEN [null] ELSE f.episodes END AS episode_id
OPTIONAL MATCH (ep:Episodic {uuid: episode_id})
OPTIONAL MATCH (s:A4SStatus {uuid: episode_id})
CALL (episode_id, s) {
  OPTIONAL MATCH (ev:AuditEvent)
  WHERE ev.memory_id = episode_id OR (s.a4s_decision_id IS NOT NULL AND ev.decision_id = s.a4s_decision_id)
  WITH DISTINCT ev ORDER BY ev.agent_id, ev.seq
  RETURN collect(ev {.seq, .action, .timestamp, .requester_id, .stop_reason, .event_id}) AS audit_events
}
RETURN src.name + ' -[' + f.name + ']-> ' + dst.name AS fact_edge, f.fact AS fact,
       {truth: f.truth_status, retrieval: f.retrieval_status, security: f.security_status,
        freshness: f.freshness_status, sensitivity: f.sensitivity} AS fact_axes,
       episode_id AS memory_id, ep.content AS episode_text, s.state AS episode_state,
       {truth: s.truth_status, security: s.security_status, retrieval: s.retrieval_status,
        freshness: s.freshness_status} AS episode_axes,
       s.a4s_source_type AS source_type, s.a4s_source_ref AS source_ref,
       s.a4s_written_by AS written_by, s.a4s_decision_id AS decision_id,
       audit_events
