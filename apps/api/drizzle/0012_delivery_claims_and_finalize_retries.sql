ALTER TABLE "outbox_messages" ADD COLUMN "claimed_by" varchar(100);--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "finalize_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "next_finalize_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "last_finalize_error" text;