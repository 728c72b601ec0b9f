ALTER TABLE "pre_alerts" ADD COLUMN "invoice_key" varchar(300);--> statement-breakpoint
ALTER TABLE "pre_alerts" ADD COLUMN "invoice_name" varchar(200);--> statement-breakpoint
ALTER TABLE "pre_alerts" ADD COLUMN "invoice_mime_type" varchar(100);--> statement-breakpoint
ALTER TABLE "pre_alerts" ADD COLUMN "invoice_size" integer;