// Question: everything written from web_fetch last week (any source type, any window): every
//   committed memory (episode) whose ledger entry records that source, with who wrote it, its
//   status axes, its decision id and the facts it supports.
// Parameters (run these in the Browser first; the second is a Cypher expression):
// :param source_type => 'web_fetch'
// :param since => datetime() - duration('P7D')
// Optional narrowing to one agent: add `AND s.group_id STARTS WITH 'agent-<agent_id>-'` below.
// View: Table.
MATCH (s:A4SStatus)
WHERE s.kind = 'episode' AND s.a4s_source_type = $source_type AND s.created_at >= $since
MATCH (ep:Episodic {uuid: s.uuid})
OPTIONAL MATCH ()-[f:RELATES_TO]->()
WHERE f.group_id = ep.group_id AND ep.uuid IN coalesce(f.episodes, [])
WITH s, ep, collect(f {.uuid, .fact, .truth_status, .security_status}) AS facts
RETURN toString(s.created_at) AS written_at, ep.group_id AS group_id, ep.uuid AS memory_id,
       ep.content AS text, s.a4s_source_ref AS source_ref, s.a4s_written_by AS written_by,
       s.state AS state,
       {truth: s.truth_status, retrieval: s.retrieval_status, security: s.security_status,
        freshness: s.freshness_status, sensitivity: s.sensitivity} AS axes,
       s.a4s_decision_id AS decision_id, facts
ORDER BY s.created_at DESC
LIMIT 500
