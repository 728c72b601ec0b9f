CREATE TABLE "payment_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"amount_minor" integer NOT NULL,
	"reason" varchar(500) NOT NULL,
	"staff_user_id" integer,
	"provider_reference" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_amount_positive" CHECK ("payment_refunds"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"reference" varchar(60) PRIMARY KEY NOT NULL,
	"order_reference" varchar(60) NOT NULL,
	"amount_minor" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_status_known";--> statement-breakpoint
DROP INDEX "payments_pending_idx";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_refunds" ADD CONSTRAINT "sandbox_refunds_order_reference_sandbox_orders_reference_fk" FOREIGN KEY ("order_reference") REFERENCES "public"."sandbox_orders"("reference") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_refunds_payment_idx" ON "payment_refunds" USING btree ("payment_id","created_at");--> statement-breakpoint
CREATE INDEX "sandbox_refunds_order_idx" ON "sandbox_refunds" USING btree ("order_reference");--> statement-breakpoint
CREATE INDEX "payments_status_created_idx" ON "payments" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refunds_within_amount" CHECK ("payments"."refunded_minor" >= 0 and "payments"."refunded_minor" <= round("payments"."amount" * 100));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_known" CHECK ("payments"."status" in ('PENDING', 'CAPTURED', 'FAILED', 'EXPIRED', 'NEEDS_ATTENTION', 'PARTIALLY_REFUNDED', 'REFUNDED'));