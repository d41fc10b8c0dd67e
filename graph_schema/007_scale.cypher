// Issue 15: the write quota shared by every worker (a4s_memory/store/quota.py): one bucket node
// per requester, so MERGE never creates two and concurrent spends serialise on one node.
CREATE CONSTRAINT a4s_quota_requester_unique IF NOT EXISTS
FOR (q:A4SQuota) REQUIRE q.requester_id IS UNIQUE;

// Issue 15: the durable ingestion queue (a4s_memory/store/jobs.py).
CREATE CONSTRAINT a4s_job_id_unique IF NOT EXISTS
FOR (j:A4SJob) REQUIRE j.job_id IS UNIQUE;

CREATE INDEX a4s_job_state IF NOT EXISTS
FOR (j:A4SJob) ON (j.state);
