CREATE TABLE "invoice_counters" (
	"period" text PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"price" bigint NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "order_items_quantity_check" CHECK ("order_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kode_pesanan" text NOT NULL,
	"merchant_id" uuid NOT NULL,
	"status" text DEFAULT 'menunggu_pembayaran' NOT NULL,
	"metode_pembayaran" text NOT NULL,
	"subtotal" bigint NOT NULL,
	"ongkir" bigint DEFAULT 0 NOT NULL,
	"total" bigint NOT NULL,
	"kode_unik" integer,
	"batas_waktu" timestamp with time zone NOT NULL,
	"akses_token_hashes" text[] NOT NULL,
	"idempotency_key" text NOT NULL,
	"nama_penerima" text NOT NULL,
	"no_hp_penerima" text NOT NULL,
	"alamat_pengiriman" text NOT NULL,
	"kota_kab" text NOT NULL,
	"provinsi" text NOT NULL,
	"kode_pos" text NOT NULL,
	"midtrans_redirect_url" text,
	"midtrans_status" text,
	"paid_at" timestamp with time zone,
	"paid_amount" bigint,
	"payment_note" text,
	"invoice_number" text,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"expired_at" timestamp with time zone,
	"perlu_refund" boolean DEFAULT false NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('menunggu_pembayaran', 'dibayar', 'kedaluwarsa', 'dibatalkan')),
	CONSTRAINT "orders_metode_check" CHECK ("orders"."metode_pembayaran" in ('transfer', 'midtrans'))
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"price" bigint NOT NULL,
	"description" text NOT NULL,
	"features" jsonb NOT NULL,
	"badge" text NOT NULL,
	"stock" integer NOT NULL,
	"held" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_held_check" CHECK ("products"."held" >= 0 and "products"."held" <= "products"."stock"),
	CONSTRAINT "products_price_check" CHECK ("products"."price" > 0)
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_kode_pesanan_key" ON "orders" USING btree ("kode_pesanan");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_key_key" ON "orders" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_invoice_number_key" ON "orders" USING btree ("invoice_number");--> statement-breakpoint
CREATE INDEX "orders_merchant_idx" ON "orders" USING btree ("merchant_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_newest_idx" ON "orders" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_status_newest_idx" ON "orders" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_unpaid_deadline_idx" ON "orders" USING btree ("batas_waktu") WHERE "orders"."status" = 'menunggu_pembayaran';--> statement-breakpoint
CREATE UNIQUE INDEX "products_sku_key" ON "products" USING btree ("sku");--> statement-breakpoint
-- The catalogue of SPEC §3 (ids 1-3); price, stock and active are the admin's from here on.
INSERT INTO "products" ("id", "sku", "name", "price", "description", "features", "badge", "stock") VALUES
(1, 'SBX-STD', 'Soundbox', 350000, 'Speaker notifikasi pembayaran QRIS yang mengumumkan setiap transaksi masuk secara instan.', '["Suara notifikasi jernih","Volume dapat diatur","Baterai tahan lama","Bluetooth stabil"]', 'Best Seller', 50),
(2, 'D210-UP', 'D210 UnionPay', 2500000, 'Mesin EDC ringkas untuk menerima kartu debit dan kredit, termasuk kartu UnionPay.', '["Mendukung kartu UnionPay","Multi mata uang","Pemrosesan cepat","Kelas enterprise"]', 'Premium', 20),
(3, 'A920-PRO2', 'EDC Android PAX A920 Pro', 3000000, 'Terminal pembayaran Android serba bisa dengan printer struk dan layar sentuh lebar.', '["Sistem operasi Android","Layar sentuh 5 inci","Semua metode pembayaran","Konektivitas 4G"]', 'Pro Choice', 15)
ON CONFLICT ("id") DO NOTHING;
