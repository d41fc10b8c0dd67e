// Issue 15: the operator's sweep (every agent) finds what a crashed ingestion left - ledger entries
// still `pending` an hour after they were written (a4s_memory/store/sweeper.py) - with one seek.
// Without it the statement read every ledger entry of the database, every batch of every sweep.
CREATE INDEX a4s_status_state IF NOT EXISTS
FOR (s:A4SStatus) ON (s.state, s.created_at);
