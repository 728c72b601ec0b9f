ALTER TABLE "packages" ADD COLUMN "open_payment_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "next_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "open_payment_id" integer;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_open_payment_id_payments_id_fk" FOREIGN KEY ("open_payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_open_payment_id_payments_id_fk" FOREIGN KEY ("open_payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "packages_open_payment_idx" ON "packages" USING btree ("open_payment_id") WHERE "packages"."open_payment_id" is not null;--> statement-breakpoint
CREATE INDEX "shipments_open_payment_idx" ON "shipments" USING btree ("open_payment_id") WHERE "shipments"."open_payment_id" is not null;--> statement-breakpoint
-- The lifecycle's statuses only: a row outside them (none was ever written) stops the migration, naming it.
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM "payments" WHERE "status" NOT IN ('PENDING', 'CAPTURED', 'FAILED', 'EXPIRED', 'NEEDS_ATTENTION')) THEN
    RAISE EXCEPTION 'payments with a status outside the payment lifecycle: %',
      (SELECT string_agg(DISTINCT "status", ', ') FROM "payments" WHERE "status" NOT IN ('PENDING', 'CAPTURED', 'FAILED', 'EXPIRED', 'NEEDS_ATTENTION'));
  END IF;
END $$;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_known" CHECK ("payments"."status" in ('PENDING', 'CAPTURED', 'FAILED', 'EXPIRED', 'NEEDS_ATTENTION'));