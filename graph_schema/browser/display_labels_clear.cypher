// Question: remove the display labels display_labels_apply.cypher set (every agent, or one agent).
// Parameters (run this in the Browser first; null clears every agent):
// :param agent_id => null
// View: none (count).
MATCH (n)
WHERE (n:A4S_Hidden OR n:A4S_Unverified OR n:A4S_Retired OR n:A4S_Expired OR n:A4S_Suspicious
       OR n:A4S_Quarantined OR n:A4S_Malicious)
  AND ($agent_id IS NULL
       OR n.group_id IN ['agent-' + $agent_id + '-private', 'agent-' + $agent_id + '-public'])
REMOVE n:A4S_Hidden:A4S_Unverified:A4S_Retired:A4S_Expired:A4S_Suspicious:A4S_Quarantined:A4S_Malicious
RETURN count(n) AS cleared
