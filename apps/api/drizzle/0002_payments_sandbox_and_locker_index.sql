CREATE SEQUENCE "public"."shipment_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 500001 CACHE 1;--> statement-breakpoint
CREATE TABLE "sandbox_orders" (
	"reference" varchar(60) PRIMARY KEY NOT NULL,
	"merchant_reference" varchar(60) NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"redirect_url" text NOT NULL,
	"state" varchar(20) DEFAULT 'STARTED' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "packages_locker_waiting_idx" ON "packages" USING btree ("user_id","received_date" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "packages"."shipment_id" is null;--> statement-breakpoint
CREATE INDEX "payments_pending_idx" ON "payments" USING btree ("status","created_at");