ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "ip_address" varchar(45);--> statement-breakpoint
-- Sessions signed in before this change were last seen, as far as we know, when they began.
UPDATE "sessions" SET "last_seen_at" = "created_at";
