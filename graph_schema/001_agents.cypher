// Agents and their one owner (seed 002). Applied by `a4s-memory schema apply`, in file-name order.
// Every statement is idempotent (IF NOT EXISTS). Community Edition: uniqueness constraints and
// indexes only, no existence or property-type constraints.
CREATE CONSTRAINT agent_id_unique IF NOT EXISTS
FOR (a:Agent) REQUIRE a.agent_id IS UNIQUE;

CREATE INDEX agent_owner_id IF NOT EXISTS
FOR (a:Agent) ON (a.owner_id);
