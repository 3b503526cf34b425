-- Orders that left no warehouse (unpaid, paid and waiting for the verification, ready to pack, packed) of a
-- registration that is rejected, deleted or purged: migration 0012 moved paid ones of a rejected merchant to
-- menunggu_verifikasi, where they waited for a verification that never comes, and a deletion or a purge
-- left them open too. The app now cancels them when the registration is rejected, deleted or purged
-- (src/server/shop/merchant-orders.ts cancelUnshippedOrders); this does the same for those already there:
-- units back to stock, a packed order's devices deleted (their serials are free again), the order
-- cancelled (a paid one marked for refund) with the app's reason, one order_cancelled audit row each
-- (no actor: the migration). No mail is sent: the admin sees the refunds in the order list.
CREATE TEMPORARY TABLE "closed_merchant_orders" AS
SELECT o."id", o."kode_pesanan", o."status",
  CASE
    WHEN m."status" = 'rejected' THEN 'Pendaftaran merchant ditolak'
    WHEN m."is_deleted" THEN 'Pendaftaran merchant dihapus'
    ELSE 'Data pendaftaran merchant dihapus permanen'
  END AS "reason"
FROM "orders" o
JOIN "merchants" m ON m."id" = o."merchant_id"
WHERE o."status" IN ('menunggu_pembayaran', 'menunggu_verifikasi', 'siap_dikemas', 'dikemas')
  AND (m."status" = 'rejected' OR m."is_deleted" OR m."purged_at" IS NOT NULL);
--> statement-breakpoint
UPDATE "products" p SET "held" = greatest(0, p."held" - t."quantity")
FROM (
  SELECT oi."product_id", sum(oi."quantity")::int AS "quantity"
  FROM "order_items" oi JOIN "closed_merchant_orders" c ON c."id" = oi."order_id"
  GROUP BY oi."product_id"
) t
WHERE p."id" = t."product_id";
--> statement-breakpoint
DELETE FROM "devices" d USING "closed_merchant_orders" c WHERE d."order_id" = c."id" AND c."status" = 'dikemas';
--> statement-breakpoint
UPDATE "orders" o SET
  "status" = 'dibatalkan',
  "perlu_refund" = c."status" <> 'menunggu_pembayaran',
  "cancelled_at" = now(),
  "cancel_reason" = c."reason",
  "updated_at" = now()
FROM "closed_merchant_orders" c
WHERE o."id" = c."id";
--> statement-breakpoint
INSERT INTO "audit_logs" ("actor_id", "action", "target_table", "target_id", "diff")
SELECT NULL, 'order_cancelled', 'orders', c."id"::text, jsonb_build_object(
  'kode_pesanan', c."kode_pesanan",
  'from', c."status",
  'to', 'dibatalkan',
  'alasan', c."reason",
  'perlu_refund', c."status" <> 'menunggu_pembayaran',
  'migrasi', '0020'
)
FROM "closed_merchant_orders" c
ORDER BY c."id";
--> statement-breakpoint
DROP TABLE "closed_merchant_orders";
