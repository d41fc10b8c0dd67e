// The four-axis status (seed 004, CONTRACT §5) on what Graphiti creates. Graphiti already indexes
// group_id, uuid and the temporal fields; these let the ContextPolicy predicates use an index.
CREATE INDEX entity_status IF NOT EXISTS
FOR (n:Entity) ON (n.group_id, n.truth_status, n.retrieval_status, n.security_status, n.freshness_status);

CREATE INDEX episodic_status IF NOT EXISTS
FOR (n:Episodic) ON (n.group_id, n.truth_status, n.retrieval_status, n.security_status, n.freshness_status);

CREATE INDEX relates_to_status IF NOT EXISTS
FOR ()-[e:RELATES_TO]-() ON (e.group_id, e.truth_status, e.retrieval_status, e.security_status, e.freshness_status);

CREATE INDEX entity_security_status IF NOT EXISTS FOR (n:Entity) ON (n.security_status);
CREATE INDEX episodic_security_status IF NOT EXISTS FOR (n:Episodic) ON (n.security_status);
CREATE INDEX relates_to_security_status IF NOT EXISTS FOR ()-[e:RELATES_TO]-() ON (e.security_status);

CREATE INDEX entity_freshness IF NOT EXISTS FOR (n:Entity) ON (n.freshness_status, n.expires_at);
CREATE INDEX episodic_freshness IF NOT EXISTS FOR (n:Episodic) ON (n.freshness_status, n.expires_at);
CREATE INDEX relates_to_freshness IF NOT EXISTS FOR ()-[e:RELATES_TO]-() ON (e.freshness_status, e.expires_at);

CREATE INDEX episodic_decision IF NOT EXISTS FOR (n:Episodic) ON (n.a4s_decision_id);
