CREATE TABLE "merchant_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"admin_id" uuid,
	"teks" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"nama" text NOT NULL,
	"daftar" text NOT NULL,
	"filter" jsonb NOT NULL,
	"dibagikan" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_views_daftar_check" CHECK ("saved_views"."daftar" in ('antrean', 'merchant'))
);
--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "waiting_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "kode_alasan" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "claimed_by" uuid;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "claim_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "persetujuan_pertama_oleh" uuid;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "persetujuan_pertama_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merchant_notes" ADD CONSTRAINT "merchant_notes_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_notes" ADD CONSTRAINT "merchant_notes_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_notes_merchant_idx" ON "merchant_notes" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "saved_views_admin_idx" ON "saved_views" USING btree ("admin_id","daftar");--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_persetujuan_pertama_oleh_users_id_fk" FOREIGN KEY ("persetujuan_pertama_oleh") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchants_claimed_by_idx" ON "merchants" USING btree ("claimed_by","queued_at","id") WHERE "merchants"."claimed_by" is not null;--> statement-breakpoint
-- Hand-written (Drizzle has no data migrations): registrations already waiting for the applicant start
-- their pause at their last change, so their clock resumes rather than restarting at resubmission.
UPDATE "merchants" SET "waiting_since" = "updated_at" WHERE "status" = 'data_tidak_lengkap';
