// Question: why is this fact hidden? Shows the element's four status axes (+ sensitivity, expiry),
//   the reasons the default ContextPolicy (CONTRACT §5) excludes it, its supporting episodes with
//   their ledger statuses, its own (:A4SStatus) ledger entry / override, and the decision id.
// Works for a fact (RELATES_TO uuid), an entity (Entity uuid) or a memory (Episodic uuid = memory_id).
// Parameters (run these in the Browser first):
// :param memory_uuid => '00000000-0000-0000-0000-000000000000'
// View: Table (one row; maps render as JSON).
CALL () {
  MATCH ()-[e:RELATES_TO {uuid: $memory_uuid}]->()
  RETURN 'fact' AS kind, e.fact AS text, e.group_id AS group_id, coalesce(e.episodes, []) AS supporter_ids,
         e {.truth_status, .retrieval_status, .security_status, .freshness_status, .sensitivity,
            .expires_at, .a4s_source_type, .a4s_written_by, .a4s_decision_id, .invalid_at, .expired_at} AS stamp
  UNION ALL
  MATCH (n:Entity {uuid: $memory_uuid})
  OPTIONAL MATCH (ep:Episodic)-[:MENTIONS]->(n)
  RETURN 'entity' AS kind, n.name AS text, n.group_id AS group_id, collect(ep.uuid) AS supporter_ids,
         n {.truth_status, .retrieval_status, .security_status, .freshness_status, .sensitivity,
            .expires_at, .a4s_source_type, .a4s_written_by, .a4s_decision_id} AS stamp
  UNION ALL
  MATCH (n:Episodic {uuid: $memory_uuid})
  RETURN 'episode' AS kind, n.content AS text, n.group_id AS group_id, [n.uuid] AS supporter_ids,
         n {.truth_status, .retrieval_status, .security_status, .freshness_status, .sensitivity,
            .expires_at, .a4s_source_type, .a4s_written_by, .a4s_decision_id} AS stamp
}
OPTIONAL MATCH (entry:A4SStatus {uuid: $memory_uuid})
CALL (supporter_ids) {
  UNWIND supporter_ids AS sid
  OPTIONAL MATCH (s:A4SStatus {uuid: sid})
  RETURN collect({episode: sid, state: s.state, truth: s.truth_status, retrieval: s.retrieval_status,
                  security: s.security_status, freshness: s.freshness_status,
                  sensitivity: s.sensitivity, source_type: s.a4s_source_type,
                  written_by: s.a4s_written_by, decision_id: s.a4s_decision_id,
                  flagged_by: s.a4s_flagged_by, transitions: s.a4s_evidence}) AS supporting_episodes
}
WITH kind, text, group_id, stamp, entry, supporting_episodes, datetime() AS now
RETURN kind, text, group_id,
       [reason IN [
          CASE WHEN stamp.truth_status IS NULL
               THEN 'no status stamp: no committed supporting episode (invisible to every search)' END,
          CASE WHEN stamp.truth_status <> 'supported'
               THEN 'truth_status=' + stamp.truth_status + ' (default policy admits supported)' END,
          CASE WHEN stamp.retrieval_status <> 'normal'
               THEN 'retrieval_status=' + stamp.retrieval_status + ' (default policy admits normal)' END,
          CASE WHEN stamp.security_status <> 'clean'
               THEN 'security_status=' + stamp.security_status + ' (default policy admits clean)' END,
          CASE WHEN stamp.freshness_status <> 'fresh'
               THEN 'freshness_status=' + stamp.freshness_status + ' (default policy admits fresh)' END,
          CASE WHEN NOT stamp.sensitivity IN ['public', 'internal']
               THEN 'sensitivity=' + stamp.sensitivity + ' (default ceiling: internal)' END,
          CASE WHEN stamp.expires_at IS NOT NULL AND stamp.expires_at <= now
               THEN 'TTL expired at ' + toString(stamp.expires_at) END,
          CASE WHEN stamp.expired_at IS NOT NULL OR (stamp.invalid_at IS NOT NULL AND stamp.invalid_at <= now)
               THEN 'invalidated by Graphiti (invalid_at / expired_at)' END,
          CASE WHEN group_id ENDS WITH '-private'
               THEN 'private space: hidden from everyone but the owner' END
        ] WHERE reason IS NOT NULL] AS hidden_because,
       {truth: stamp.truth_status, retrieval: stamp.retrieval_status, security: stamp.security_status,
        freshness: stamp.freshness_status, sensitivity: stamp.sensitivity,
        expires_at: toString(stamp.expires_at)} AS axes,
       stamp.a4s_decision_id AS decision_id,
       stamp.a4s_source_type AS source_type,
       stamp.a4s_written_by AS written_by,
       supporting_episodes,
       entry {.kind, .state, .override_truth, .override_security,
              .a4s_source_ref, .a4s_decision_id, .a4s_flagged_by, .a4s_evidence} AS ledger_entry
