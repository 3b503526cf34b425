ALTER TABLE "merchants" ADD COLUMN "peringatan_foto" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "kualitas" jsonb;