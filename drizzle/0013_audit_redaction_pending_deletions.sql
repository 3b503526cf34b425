CREATE TABLE "pending_deletions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"storage_key" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"last_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "client_ip" text;--> statement-breakpoint
CREATE UNIQUE INDEX "pending_deletions_storage_key_key" ON "pending_deletions" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "uploads_unclaimed_ip_idx" ON "uploads" USING btree ("client_ip") WHERE "uploads"."claimed_by" is null;--> statement-breakpoint
-- The audit trail stays append-only, with one narrow exception for the erasure and retention purge
-- (docs/decisions/0032): inside a transaction that set aipos.audit_redaction to 'on', a row's ip and
-- user_agent may become null, and nothing else of that row may change. Deletes and truncates still fail.
CREATE OR REPLACE FUNCTION audit_logs_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND coalesce(current_setting('aipos.audit_redaction', true), '') = 'on'
    AND NEW.ip IS NULL AND NEW.user_agent IS NULL
    AND NEW.id = OLD.id
    AND NEW.actor_id IS NOT DISTINCT FROM OLD.actor_id
    AND NEW.action = OLD.action
    AND NEW.target_table = OLD.target_table
    AND NEW.target_id IS NOT DISTINCT FROM OLD.target_id
    AND NEW.diff IS NOT DISTINCT FROM OLD.diff
    AND NEW.created_at = OLD.created_at
  THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_logs is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
-- The rows written before personal fields were masked in diffs (src/server/merchants/audit-diff.ts, the
-- same rules): e-mail b***@domain, phone +62812****158, address fields [diubah], names as Budi S. W.
CREATE FUNCTION audit_mask_personal_fields(fields jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(jsonb_object_agg(f.key, CASE
    WHEN jsonb_typeof(f.value) <> 'string' THEN f.value
    WHEN f.key = 'email' THEN to_jsonb(CASE
      WHEN strpos(f.value #>> '{}', '@') > 1 THEN left(f.value #>> '{}', 1) || '***@' || regexp_replace(f.value #>> '{}', '^.*@', '')
      ELSE '***' END)
    WHEN f.key = 'no_hp' THEN to_jsonb(CASE
      WHEN length(regexp_replace(f.value #>> '{}', '\s', '', 'g')) > 9
        THEN left(regexp_replace(f.value #>> '{}', '\s', '', 'g'), 6) || '****' || right(regexp_replace(f.value #>> '{}', '\s', '', 'g'), 3)
      ELSE '****' END)
    WHEN f.key IN ('alamat_jalan', 'alamat_pemilik', 'kode_pos') THEN to_jsonb('[diubah]'::text)
    WHEN f.key IN ('nama_pemilik', 'nama_rekening') THEN to_jsonb(coalesce((
      SELECT string_agg(CASE WHEN p.n = 1 THEN p.w ELSE upper(left(p.w, 1)) || '.' END, ' ' ORDER BY p.n)
      FROM regexp_split_to_table(btrim(f.value #>> '{}'), '\s+') WITH ORDINALITY AS p(w, n)
      WHERE p.w <> ''), ''))
    ELSE f.value END), '{}'::jsonb)
  FROM jsonb_each(fields) AS f
$$;
--> statement-breakpoint
ALTER TABLE "audit_logs" DISABLE TRIGGER "audit_logs_no_update_delete";
--> statement-breakpoint
UPDATE "audit_logs"
SET "diff" = jsonb_set(jsonb_set("diff", '{old}', audit_mask_personal_fields("diff"->'old')), '{new}', audit_mask_personal_fields("diff"->'new'))
WHERE "action" IN ('update', 'resubmission')
  AND jsonb_typeof("diff"->'old') = 'object'
  AND jsonb_typeof("diff"->'new') = 'object';
--> statement-breakpoint
-- Registrations purged before this migration: the applicant's own rows (no admin actor) lose IP and User-Agent.
UPDATE "audit_logs" a
SET "ip" = NULL, "user_agent" = NULL
WHERE a."actor_id" IS NULL
  AND (a."ip" IS NOT NULL OR a."user_agent" IS NOT NULL)
  AND (
    (a."target_table" = 'merchants' AND a."target_id" IN (SELECT m."id"::text FROM "merchants" m WHERE m."purged_at" IS NOT NULL))
    OR (a."target_table" = 'orders' AND a."target_id" IN (
      SELECT o."id"::text FROM "orders" o JOIN "merchants" m ON m."id" = o."merchant_id" WHERE m."purged_at" IS NOT NULL))
  );
--> statement-breakpoint
ALTER TABLE "audit_logs" ENABLE TRIGGER "audit_logs_no_update_delete";
--> statement-breakpoint
DROP FUNCTION audit_mask_personal_fields(jsonb);
