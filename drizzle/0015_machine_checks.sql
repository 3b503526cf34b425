CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_state_check" CHECK ("jobs"."state" in ('pending', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "merchant_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"slot" text DEFAULT '' NOT NULL,
	"version" text NOT NULL,
	"result" text NOT NULL,
	"detail" text NOT NULL,
	"data" jsonb,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_checks_result_check" CHECK ("merchant_checks"."result" in ('lulus', 'peringatan', 'gagal', 'tidak_terbaca'))
);
--> statement-breakpoint
CREATE TABLE "photo_hashes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"slot" text NOT NULL,
	"storage_key" text NOT NULL,
	"variant" integer NOT NULL,
	"hash" bigint NOT NULL,
	"b0" integer NOT NULL,
	"b1" integer NOT NULL,
	"b2" integer NOT NULL,
	"b3" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "merchant_checks" ADD CONSTRAINT "merchant_checks_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_hashes" ADD CONSTRAINT "photo_hashes_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("next_attempt_at") WHERE "jobs"."state" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_checks_version_key" ON "merchant_checks" USING btree ("merchant_id","kind","slot","version");--> statement-breakpoint
CREATE UNIQUE INDEX "photo_hashes_key_variant_key" ON "photo_hashes" USING btree ("storage_key","variant");--> statement-breakpoint
CREATE INDEX "photo_hashes_merchant_idx" ON "photo_hashes" USING btree ("merchant_id","slot");--> statement-breakpoint
CREATE INDEX "photo_hashes_b0_idx" ON "photo_hashes" USING btree ("b0");--> statement-breakpoint
CREATE INDEX "photo_hashes_b1_idx" ON "photo_hashes" USING btree ("b1");--> statement-breakpoint
CREATE INDEX "photo_hashes_b2_idx" ON "photo_hashes" USING btree ("b2");--> statement-breakpoint
CREATE INDEX "photo_hashes_b3_idx" ON "photo_hashes" USING btree ("b3");