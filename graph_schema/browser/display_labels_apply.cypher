// Question: colour one agent's memories by status in the graph view. Browser styles by label only,
//   so this OPT-IN query copies the status axes into display labels (A4S_Quarantined, ...) that
//   a4s.grass colours. It touches ONLY Episodic nodes and (:A4SStatus) ledger nodes of the agent's
//   two spaces (never Entity nodes: Graphiti reads and re-saves an entity's labels). The labels are a
//   snapshot: re-run after transitions; run display_labels_clear.cypher when done. Nothing in
//   a4s-memory reads them. Needs write access: run it as an admin, never against a read replica.
// Parameters (run this in the Browser first):
// :param agent_id => 'my-agent'
// View: none (counts). Then e.g. MATCH (n:Episodic) WHERE n.group_id STARTS WITH 'agent-my-agent-' RETURN n
MATCH (n)
WHERE (n:Episodic OR n:A4SStatus)
  AND n.group_id IN ['agent-' + $agent_id + '-private', 'agent-' + $agent_id + '-public']
REMOVE n:A4S_Hidden:A4S_Unverified:A4S_Retired:A4S_Expired:A4S_Suspicious:A4S_Quarantined:A4S_Malicious
WITH n, coalesce(n.override_security, n.security_status) AS security,
     coalesce(n.override_truth, n.truth_status) AS truth
FOREACH (_ IN CASE WHEN security = 'malicious' THEN [1] ELSE [] END | SET n:A4S_Malicious)
FOREACH (_ IN CASE WHEN security = 'quarantined' THEN [1] ELSE [] END | SET n:A4S_Quarantined)
FOREACH (_ IN CASE WHEN security = 'suspicious' THEN [1] ELSE [] END | SET n:A4S_Suspicious)
FOREACH (_ IN CASE WHEN n.freshness_status = 'expired' THEN [1] ELSE [] END | SET n:A4S_Expired)
FOREACH (_ IN CASE WHEN truth IN ['contradicted', 'superseded'] THEN [1] ELSE [] END | SET n:A4S_Retired)
FOREACH (_ IN CASE WHEN truth = 'unverified' THEN [1] ELSE [] END | SET n:A4S_Unverified)
FOREACH (_ IN CASE WHEN n.retrieval_status IS NOT NULL AND n.retrieval_status <> 'normal' THEN [1] ELSE [] END | SET n:A4S_Hidden)
RETURN security, truth, count(*) AS labelled
