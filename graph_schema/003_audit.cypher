// Append-only audit events (seed 000 G4, seed 003), hash-chained per agent.
CREATE CONSTRAINT audit_event_id_unique IF NOT EXISTS
FOR (e:AuditEvent) REQUIRE e.event_id IS UNIQUE;

CREATE CONSTRAINT audit_chain_position_unique IF NOT EXISTS
FOR (e:AuditEvent) REQUIRE (e.agent_id, e.seq) IS UNIQUE;

CREATE INDEX audit_event_agent_time IF NOT EXISTS
FOR (e:AuditEvent) ON (e.agent_id, e.timestamp);

CREATE INDEX audit_event_action IF NOT EXISTS
FOR (e:AuditEvent) ON (e.action);

CREATE INDEX audit_event_session IF NOT EXISTS
FOR (e:AuditEvent) ON (e.session_id);
