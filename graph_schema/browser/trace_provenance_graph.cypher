// Question: the same trace as trace_provenance.cypher, drawn as a graph: the fact's two entities and
//   the RELATES_TO edge, the supporting episodes (MENTIONS), their audit events (AUDIT_OF_MEMORY,
//   when the audit log exists), the owning Agent, and the (:A4SStatus) ledger nodes (the ledger is
//   joined by uuid, not by relationships, so ledger nodes float unconnected next to their episode).
// Parameters (run this in the Browser first):
// :param fact_uuid => '00000000-0000-0000-0000-000000000000'
// View: Graph. Load graph_schema/browser/a4s.grass first for status captions and colours.
MATCH p = (src:Entity)-[f:RELATES_TO {uuid: $fact_uuid}]->(dst:Entity)
OPTIONAL MATCH m = (ep:Episodic)-[:MENTIONS]->(x:Entity)
WHERE ep.uuid IN coalesce(f.episodes, []) AND x IN [src, dst]
OPTIONAL MATCH a = (ev:AuditEvent)-[:AUDIT_OF_MEMORY]->(ep)
OPTIONAL MATCH g = (ev)-[:AUDIT_OF_AGENT]->(:Agent)
OPTIONAL MATCH (s:A4SStatus) WHERE s.uuid IN coalesce(f.episodes, []) OR s.uuid = $fact_uuid
RETURN p, collect(DISTINCT m) AS mentions, collect(DISTINCT a) AS audit, collect(DISTINCT g) AS agents,
       collect(DISTINCT s) AS ledger
