ALTER TABLE "merchants" ADD COLUMN "nik_hash" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "no_rekening_hash" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "purged_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "merchants_nik_hash_idx" ON "merchants" USING btree ("nik_hash");--> statement-breakpoint
CREATE INDEX "merchants_retention_idx" ON "merchants" USING btree ("updated_at") WHERE "merchants"."purged_at" is null and ("merchants"."status" = 'rejected' or "merchants"."is_deleted");--> statement-breakpoint
CREATE INDEX "merchants_no_rekening_hash_idx" ON "merchants" USING btree ("no_rekening_hash");