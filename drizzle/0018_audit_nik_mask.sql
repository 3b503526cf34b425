-- Audit diffs written while the NIK mask still showed the region code (`3174********0001`): the region
-- code with an exact search rebuilt a NIK, so they get today's mask, the last four digits only
-- (src/domain/masking.ts maskNik). Migration 0013 did the same for the other personal fields.
CREATE FUNCTION audit_mask_old_nik(fields jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN jsonb_typeof(fields) <> 'object' OR jsonb_typeof(fields->'nik') IS DISTINCT FROM 'string' THEN fields
    WHEN length(regexp_replace(fields->>'nik', '\s', '', 'g')) >= 12 THEN jsonb_set(fields, '{nik}', to_jsonb(
      repeat('*', length(regexp_replace(fields->>'nik', '\s', '', 'g')) - 4) || right(regexp_replace(fields->>'nik', '\s', '', 'g'), 4)))
    ELSE jsonb_set(fields, '{nik}', to_jsonb(
      repeat('*', greatest(length(regexp_replace(fields->>'nik', '\s', '', 'g')) - 2, 0)) || right(regexp_replace(fields->>'nik', '\s', '', 'g'), 2)))
  END
$$;
--> statement-breakpoint
ALTER TABLE "audit_logs" DISABLE TRIGGER "audit_logs_no_update_delete";
--> statement-breakpoint
UPDATE "audit_logs"
SET "diff" = jsonb_set(jsonb_set("diff", '{old}', audit_mask_old_nik("diff"->'old')), '{new}', audit_mask_old_nik("diff"->'new'))
WHERE "action" IN ('update', 'resubmission')
  AND jsonb_typeof("diff"->'old') = 'object'
  AND jsonb_typeof("diff"->'new') = 'object'
  AND ("diff"->'old'->>'nik' ~ '^\s*[0-9]' OR "diff"->'new'->>'nik' ~ '^\s*[0-9]');
--> statement-breakpoint
ALTER TABLE "audit_logs" ENABLE TRIGGER "audit_logs_no_update_delete";
--> statement-breakpoint
DROP FUNCTION audit_mask_old_nik(jsonb);
