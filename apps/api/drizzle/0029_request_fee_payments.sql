ALTER TABLE "package_requests" DROP CONSTRAINT "package_requests_status_known";--> statement-breakpoint
ALTER TABLE "package_requests" ADD COLUMN "open_payment_id" integer;--> statement-breakpoint
ALTER TABLE "package_requests" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "package_requests" ADD COLUMN "payment_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "package_request_id" integer;--> statement-breakpoint
ALTER TABLE "package_requests" ADD CONSTRAINT "package_requests_open_payment_id_payments_id_fk" FOREIGN KEY ("open_payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_requests" ADD CONSTRAINT "package_requests_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_package_request_id_package_requests_id_fk" FOREIGN KEY ("package_request_id") REFERENCES "public"."package_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_requests" ADD CONSTRAINT "package_requests_paid_with_payment" CHECK (("package_requests"."paid_at" is null) = ("package_requests"."payment_id" is null));--> statement-breakpoint
ALTER TABLE "package_requests" ADD CONSTRAINT "package_requests_status_known" CHECK ("package_requests"."status" in ('REQUESTED', 'IN_PROGRESS', 'DONE', 'REJECTED', 'CANCELLED'));