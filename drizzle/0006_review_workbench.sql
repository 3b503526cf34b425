ALTER TABLE "merchants" ADD COLUMN "queued_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "first_decided_at" timestamp with time zone;--> statement-breakpoint
-- The queue starts from the submission for every row that exists today (a resubmission moves it later).
UPDATE "merchants" SET "queued_at" = "submitted_at";--> statement-breakpoint
-- The first decision: the first status_change audit row to another status; a decided row without one
-- (seeded or imported) takes its last change, the best time known.
UPDATE "merchants" AS m SET "first_decided_at" = coalesce(
  (SELECT min(a."created_at") FROM "audit_logs" a
    WHERE a."target_table" = 'merchants' AND a."target_id" = m."id"::text AND a."action" = 'status_change'
      AND coalesce(a."diff"->>'to', '') <> 'processing'),
  m."updated_at")
WHERE m."status" <> 'processing';--> statement-breakpoint
CREATE INDEX "audit_logs_status_change_idx" ON "audit_logs" USING btree ("created_at") WHERE "audit_logs"."action" = 'status_change';--> statement-breakpoint
CREATE INDEX "merchants_queue_idx" ON "merchants" USING btree ("queued_at","id") WHERE "merchants"."status" = 'processing' and "merchants"."is_deleted" = false;--> statement-breakpoint
CREATE INDEX "merchants_no_hp_idx" ON "merchants" USING btree ("no_hp") WHERE "merchants"."is_deleted" = false;--> statement-breakpoint
CREATE INDEX "merchants_email_lower_idx" ON "merchants" USING btree (lower("email")) WHERE "merchants"."is_deleted" = false;--> statement-breakpoint
CREATE INDEX "merchants_first_decided_idx" ON "merchants" USING btree ("first_decided_at","submitted_at") WHERE "merchants"."first_decided_at" is not null;