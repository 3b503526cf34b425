ALTER TABLE "merchants" ADD COLUMN "mcc" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "nama_qris" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "kota_qris" text;