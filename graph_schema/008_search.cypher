// Issue 15: the session-neighbours channel (a4s_memory/store/search_channels.py) finds the turns
// of a session - same space, same reference time - with one exact seek. With only the valid_at
// index it read every episode of that instant in the whole database (an import of the same dated
// sessions into many agents), then dropped the other spaces' rows.
CREATE INDEX episodic_group_valid_at IF NOT EXISTS
FOR (n:Episodic) ON (n.group_id, n.valid_at);
