// Issue 5: the audit chain head (one per agent; serialises appends), structured-item versions
// (seed 000 G3) and the TTL sweeper's lock. Every statement is idempotent (IF NOT EXISTS).
CREATE CONSTRAINT audit_head_agent_unique IF NOT EXISTS
FOR (h:AuditHead) REQUIRE h.agent_id IS UNIQUE;

CREATE INDEX audit_event_memory IF NOT EXISTS
FOR (e:AuditEvent) ON (e.memory_id);

CREATE CONSTRAINT a4s_item_id_unique IF NOT EXISTS
FOR (i:A4SItem) REQUIRE i.item_id IS UNIQUE;

CREATE INDEX a4s_item_group IF NOT EXISTS
FOR (i:A4SItem) ON (i.group_id);

CREATE CONSTRAINT a4s_version_position_unique IF NOT EXISTS
FOR (v:A4SVersion) REQUIRE (v.item_id, v.version) IS UNIQUE;

CREATE INDEX a4s_version_memory IF NOT EXISTS
FOR (v:A4SVersion) ON (v.memory_id);

CREATE INDEX a4s_version_group IF NOT EXISTS
FOR (v:A4SVersion) ON (v.group_id);

CREATE INDEX a4s_status_freshness IF NOT EXISTS
FOR (s:A4SStatus) ON (s.kind, s.freshness_status);

CREATE CONSTRAINT a4s_sweep_lock_unique IF NOT EXISTS
FOR (l:A4SSweepLock) REQUIRE l.name IS UNIQUE;
