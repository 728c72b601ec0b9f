ALTER TABLE "addresses" ADD COLUMN "recipient_name" varchar(120);--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "recipient_name" varchar(120);--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "packed_weight" numeric(10, 3);--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "packed_length" numeric(10, 3);--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "packed_breadth" numeric(10, 3);--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "packed_height" numeric(10, 3);