ALTER TABLE "merchants" ADD COLUMN "claimed_by" uuid;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "claim_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "persetujuan_pertama_oleh" uuid;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "persetujuan_pertama_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_persetujuan_pertama_oleh_users_id_fk" FOREIGN KEY ("persetujuan_pertama_oleh") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchants_claimed_by_idx" ON "merchants" USING btree ("claimed_by","queued_at","id") WHERE "merchants"."claimed_by" is not null;