CREATE TABLE "declaration_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"package_id" integer NOT NULL,
	"position" integer NOT NULL,
	"description" varchar(200) NOT NULL,
	"hs_code" varchar(10),
	"quantity" integer NOT NULL,
	"unit_value" numeric(12, 2) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"origin_country" varchar(120)
);
--> statement-breakpoint
CREATE TABLE "price_quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"quote_key" varchar(1200) NOT NULL,
	"quote" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hosts" ADD COLUMN "free_storage_days" integer DEFAULT 45 NOT NULL;--> statement-breakpoint
ALTER TABLE "hosts" ADD COLUMN "storage_fee_per_day" numeric(12, 2) DEFAULT '2' NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "declaration_complete" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "storage_settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "storage_fee_charged" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "storage_reminder" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "insured" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "insured_value" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "insurance_premium" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "storage_fee" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "price_breakdown" jsonb;--> statement-breakpoint
ALTER TABLE "declaration_items" ADD CONSTRAINT "declaration_items_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_quotes" ADD CONSTRAINT "price_quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "declaration_items_package_position_unique" ON "declaration_items" USING btree ("package_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "price_quotes_user_key_unique" ON "price_quotes" USING btree ("user_id","quote_key");--> statement-breakpoint
CREATE INDEX "price_quotes_created_idx" ON "price_quotes" USING btree ("created_at");--> statement-breakpoint
-- Every package received before declarations existed starts with one item made from its content, quantity, unit price and origin.
INSERT INTO "declaration_items" ("package_id", "position", "description", "quantity", "unit_value", "currency", "origin_country")
SELECT "id", 0, left("package_content", 200), greatest("quantity", 1), "unit_price", "currency", "origin" FROM "packages";--> statement-breakpoint
UPDATE "packages" SET "declaration_complete" = (length(trim("package_content")) >= 3 AND "unit_price" > 0);
