// Question: how are one agent's memories distributed over the status axes? Counts per element kind
//   (episode / entity / fact) and per value of each axis, from the stamps searches filter on.
// Parameters (run this in the Browser first):
// :param agent_id => 'my-agent'
// View: Table, or the Browser's bar chart is not available: use notebooks/provenance_explorer.ipynb.
WITH ['agent-' + $agent_id + '-private', 'agent-' + $agent_id + '-public'] AS groups
CALL (groups) {
  MATCH (n:Episodic) WHERE n.group_id IN groups
  RETURN 'episode' AS kind, n.truth_status AS truth, n.retrieval_status AS retrieval,
         n.security_status AS security, n.freshness_status AS freshness
  UNION ALL
  MATCH (n:Entity) WHERE n.group_id IN groups
  RETURN 'entity' AS kind, n.truth_status AS truth, n.retrieval_status AS retrieval,
         n.security_status AS security, n.freshness_status AS freshness
  UNION ALL
  MATCH ()-[e:RELATES_TO]->() WHERE e.group_id IN groups
  RETURN 'fact' AS kind, e.truth_status AS truth, e.retrieval_status AS retrieval,
         e.security_status AS security, e.freshness_status AS freshness
}
UNWIND [['truth', truth], ['retrieval', retrieval], ['security', security], ['freshness', freshness]] AS axis
RETURN kind, axis[0] AS axis, coalesce(axis[1], '(no stamp)') AS value, count(*) AS n
ORDER BY kind, axis, value
