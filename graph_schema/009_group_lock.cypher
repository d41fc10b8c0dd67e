// One writer per group across processes (issue 15): store/group_lease.py MERGEs this node per
// group, so it must be unique (two concurrent MERGEs would otherwise each create one). Keyed by
// `space`, not `group_id`: it is not memory of the space, and clearing a space leaves no node of it.
CREATE CONSTRAINT a4s_group_lock_unique IF NOT EXISTS
FOR (l:A4SGroupLock) REQUIRE l.space IS UNIQUE;
