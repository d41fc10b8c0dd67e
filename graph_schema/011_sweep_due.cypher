// Issue 15: the operator's TTL sweep (every agent) finds what is due with two range seeks that
// stop at the sweep's clock (a4s_memory/store/sweeper.py): live ledger entries past their expiry,
// fresh ones past their staleness time, and expired ones past their retention. Through the
// (kind, freshness_status) index it read every live entry with a TTL, of every agent, each batch.
CREATE INDEX a4s_status_expiry IF NOT EXISTS
FOR (s:A4SStatus) ON (s.freshness_status, s.expires_at);

CREATE INDEX a4s_status_stale_due IF NOT EXISTS
FOR (s:A4SStatus) ON (s.freshness_status, s.a4s_stale_at);
