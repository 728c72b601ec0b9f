CREATE TABLE "claim_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"claim_id" integer NOT NULL,
	"author_id" integer,
	"from_role" varchar(10) NOT NULL,
	"body" text NOT NULL,
	"status" varchar(16) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claim_messages_from_known" CHECK ("claim_messages"."from_role" in ('customer', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "claim_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"claim_id" integer NOT NULL,
	"message_id" integer,
	"file_name" varchar(255) NOT NULL,
	"mime_type" varchar(40) NOT NULL,
	"file_size" bigint NOT NULL,
	"storage_key" varchar(300) NOT NULL,
	"thumbnail_key" varchar(300),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"package_id" integer,
	"shipment_id" integer,
	"type" varchar(20) NOT NULL,
	"status" varchar(16) DEFAULT 'OPEN' NOT NULL,
	"description" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" varchar(3) DEFAULT 'AED' NOT NULL,
	"resolution" varchar(10),
	"resolved_minor" integer,
	"corrected_weight" numeric(10, 3),
	"deciding_at" timestamp with time zone,
	"handled_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claims_status_known" CHECK ("claims"."status" in ('OPEN', 'NEEDS_INFO', 'APPROVED', 'REJECTED')),
	CONSTRAINT "claims_type_known" CHECK ("claims"."type" in ('LOST', 'DAMAGED', 'MISSING_ITEMS', 'WRONG_WEIGHT')),
	CONSTRAINT "claims_resolution_known" CHECK ("claims"."resolution" is null or "claims"."resolution" in ('REFUND', 'CREDIT')),
	CONSTRAINT "claims_about_something" CHECK ("claims"."package_id" is not null or "claims"."shipment_id" is not null),
	CONSTRAINT "claims_amount_bounded" CHECK ("claims"."amount_minor" >= 0 and "claims"."amount_minor" <= 100000000),
	CONSTRAINT "claims_resolved_within_claimed" CHECK ("claims"."resolved_minor" is null or ("claims"."resolved_minor" > 0 and "claims"."resolved_minor" <= "claims"."amount_minor"))
);
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "claim_messages" ADD CONSTRAINT "claim_messages_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_messages" ADD CONSTRAINT "claim_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_photos" ADD CONSTRAINT "claim_photos_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_photos" ADD CONSTRAINT "claim_photos_message_id_claim_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."claim_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claim_messages_claim_idx" ON "claim_messages" USING btree ("claim_id","id");--> statement-breakpoint
CREATE INDEX "claim_photos_claim_idx" ON "claim_photos" USING btree ("claim_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "claims_one_open_per_package" ON "claims" USING btree ("package_id") WHERE "claims"."package_id" is not null and "claims"."status" in ('OPEN', 'NEEDS_INFO');--> statement-breakpoint
CREATE UNIQUE INDEX "claims_one_open_per_shipment" ON "claims" USING btree ("shipment_id") WHERE "claims"."package_id" is null and "claims"."status" in ('OPEN', 'NEEDS_INFO');--> statement-breakpoint
CREATE INDEX "claims_status_created_idx" ON "claims" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "claims_created_idx" ON "claims" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "claims_user_created_idx" ON "claims" USING btree ("user_id","created_at","id");--> statement-breakpoint
UPDATE "shipments" SET "shipped_at" = "updated_at" WHERE "shipment_status" = 'Shipped';--> statement-breakpoint
UPDATE "shipments" SET "delivered_at" = "updated_at" WHERE "shipment_status" = 'Delivered';
