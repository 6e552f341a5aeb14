-- An index on the sessions' expiry, for purging expired sessions (purgeExpired, `sekisho purge`).
-- InnoDB locks every row a DELETE reads, and the gaps between them: without this index the purge
-- reads the whole table, and every sign-in and session update waits until it ends (about a second
-- for a million sessions). PostgreSQL locks only the rows it deletes and SQLite holds its one write
-- lock either way, so they go without, and their session updates stay cheaper. InnoDB builds the
-- index online, without blocking writes.
-- MySQL has no CREATE INDEX IF NOT EXISTS: should a run stop after this statement but before it is
-- recorded, the next run fails with "Duplicate key name". Drop the index, then run it again.

CREATE INDEX `sessions_expires` ON `sessions` (`expires`);
