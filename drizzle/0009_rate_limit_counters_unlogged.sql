-- The shared rate-limit counters (PostgreSQL without Redis, decision 0019) are written on every limited
-- request: a logged table made each status lookup wait for a WAL flush. A crash may lose the counts of the
-- current windows (a minute, an hour), which lets a client a few more requests: no data of value.
ALTER TABLE "rate_limit_counters" SET UNLOGGED;
