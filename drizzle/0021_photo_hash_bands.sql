DROP INDEX "photo_hashes_b0_idx";--> statement-breakpoint
DROP INDEX "photo_hashes_b1_idx";--> statement-breakpoint
DROP INDEX "photo_hashes_b2_idx";--> statement-breakpoint
DROP INDEX "photo_hashes_b3_idx";--> statement-breakpoint
CREATE INDEX "photo_hashes_b0_variant_idx" ON "photo_hashes" USING btree ("b0","variant");--> statement-breakpoint
CREATE INDEX "photo_hashes_b1_variant_idx" ON "photo_hashes" USING btree ("b1","variant");--> statement-breakpoint
CREATE INDEX "photo_hashes_b2_variant_idx" ON "photo_hashes" USING btree ("b2","variant");--> statement-breakpoint
CREATE INDEX "photo_hashes_b3_variant_idx" ON "photo_hashes" USING btree ("b3","variant");--> statement-breakpoint
-- The hashes changed (docs/decisions/0041): a stored hash of the earlier kind never meets one of the new
-- kind, so every registration that had its photos hashed has them hashed again by its checks job.
INSERT INTO "jobs" ("kind", "payload") SELECT DISTINCT 'merchant_checks', jsonb_build_object('merchantId', "merchant_id"::text) FROM "photo_hashes";--> statement-breakpoint
DELETE FROM "merchant_checks" WHERE "kind" = 'foto_duplikat';--> statement-breakpoint
DELETE FROM "photo_hashes";
