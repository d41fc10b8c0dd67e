// The status ledger (docs/graph-memory.md): the authoritative four-axis status of every element,
// kept in nodes Graphiti never writes, and copied onto the elements after every Graphiti write.
CREATE CONSTRAINT a4s_status_uuid_unique IF NOT EXISTS
FOR (s:A4SStatus) REQUIRE s.uuid IS UNIQUE;

CREATE INDEX a4s_status_group IF NOT EXISTS
FOR (s:A4SStatus) ON (s.group_id, s.kind);
