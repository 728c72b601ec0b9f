CREATE TABLE "sandbox_carrier_bookings" (
	"awb" varchar(20) PRIMARY KEY NOT NULL,
	"reference" varchar(60) NOT NULL,
	"booking" jsonb NOT NULL,
	"step" integer DEFAULT 0 NOT NULL,
	"event_times" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_carrier_bookings_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "shipment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_id" integer NOT NULL,
	"event_key" varchar(64) NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"code" varchar(20) NOT NULL,
	"stage" varchar(20) NOT NULL,
	"status" varchar(120) NOT NULL,
	"location" varchar(120),
	"description" varchar(300),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "carrier" varchar(20);--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "carrier_error" varchar(300);--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "booked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "booking_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "label_key" varchar(200);--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "tracking_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_events_key_unique" ON "shipment_events" USING btree ("shipment_id","event_key");--> statement-breakpoint
CREATE INDEX "shipment_events_shipment_at_idx" ON "shipment_events" USING btree ("shipment_id","at");--> statement-breakpoint
CREATE INDEX "shipments_tracking_due_idx" ON "shipments" USING btree ("tracking_checked_at") WHERE "shipments"."carrier" is not null and "shipments"."shipment_status" <> 'Delivered';