-- The rate-limit counters skip the write-ahead log: each status lookup, upload and registration raises one,
-- and on PostgreSQL the commit's WAL flush was most of that statement's time (3.3 ms logged against 0.8 ms
-- unlogged per statement on this machine, 27 Nov). A crash empties an unlogged table: the windows open
-- then start again from zero, which a limit of a few dozen requests a minute can afford. Decision 0046.
ALTER TABLE "rate_limit_counters" SET UNLOGGED;
