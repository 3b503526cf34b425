CREATE TABLE "merchant_counts" (
	"status" text PRIMARY KEY NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "merchants_submitted_active_idx";--> statement-breakpoint
CREATE INDEX "merchants_active_newest_idx" ON "merchants" USING btree ("submitted_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "merchants"."is_deleted" = false;--> statement-breakpoint
CREATE INDEX "merchants_active_status_newest_idx" ON "merchants" USING btree ("status","submitted_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "merchants"."is_deleted" = false;--> statement-breakpoint
CREATE INDEX "merchants_active_name_idx" ON "merchants" USING btree (lower("nama_toko"),"submitted_at" DESC NULLS FIRST) WHERE "merchants"."is_deleted" = false;--> statement-breakpoint
-- Exact live-merchant counts per status for the admin list's total (docs/decisions/0004). Statement-level
-- triggers with transition tables: a bulk insert of 1,000 rows updates each counter once, not 1,000 times.
-- Rows are upserted in status order, so two transactions touching several counters cannot deadlock.
CREATE FUNCTION merchant_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO merchant_counts (status, n)
      SELECT status, count(*) FROM new_rows WHERE NOT is_deleted GROUP BY status ORDER BY status
      ON CONFLICT (status) DO UPDATE SET n = merchant_counts.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO merchant_counts (status, n)
      SELECT status, -count(*) FROM old_rows WHERE NOT is_deleted GROUP BY status ORDER BY status
      ON CONFLICT (status) DO UPDATE SET n = merchant_counts.n + excluded.n;
  ELSE
    INSERT INTO merchant_counts (status, n)
      SELECT status, sum(delta) FROM (
        SELECT status, 1 AS delta FROM new_rows WHERE NOT is_deleted
        UNION ALL
        SELECT status, -1 AS delta FROM old_rows WHERE NOT is_deleted
      ) changes GROUP BY status HAVING sum(delta) <> 0 ORDER BY status
      ON CONFLICT (status) DO UPDATE SET n = merchant_counts.n + excluded.n;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION merchant_counts_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE merchant_counts SET n = 0;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER merchant_counts_insert AFTER INSERT ON merchants
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION merchant_counts_apply();--> statement-breakpoint
CREATE TRIGGER merchant_counts_update AFTER UPDATE ON merchants
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION merchant_counts_apply();--> statement-breakpoint
CREATE TRIGGER merchant_counts_delete AFTER DELETE ON merchants
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION merchant_counts_apply();--> statement-breakpoint
CREATE TRIGGER merchant_counts_truncate AFTER TRUNCATE ON merchants
  FOR EACH STATEMENT EXECUTE FUNCTION merchant_counts_reset();--> statement-breakpoint
-- Counts of the rows already there when this migration runs (the triggers see only later changes).
INSERT INTO merchant_counts (status, n)
  SELECT status, count(*) FROM merchants WHERE NOT is_deleted GROUP BY status
  ON CONFLICT (status) DO UPDATE SET n = excluded.n;
