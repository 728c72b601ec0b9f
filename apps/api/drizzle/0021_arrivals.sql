CREATE TABLE "pre_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"tracking_number" varchar(100) NOT NULL,
	"tracking_key" varchar(100) NOT NULL,
	"retailer" varchar(200) NOT NULL,
	"content" varchar(200) NOT NULL,
	"declared_value" numeric(12, 2),
	"currency" varchar(3) DEFAULT 'USD' NOT NULL,
	"expected_date" date,
	"notes" text,
	"package_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "packages" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ALTER COLUMN "locker_number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "handling_fee" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "pre_alerts" ADD CONSTRAINT "pre_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_alerts" ADD CONSTRAINT "pre_alerts_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pre_alerts_user_idx" ON "pre_alerts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pre_alerts_open_tracking_unique" ON "pre_alerts" USING btree ("user_id","tracking_key") WHERE "pre_alerts"."package_id" is null;--> statement-breakpoint
CREATE INDEX "pre_alerts_open_tracking_idx" ON "pre_alerts" USING btree ("tracking_key") WHERE "pre_alerts"."package_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "pre_alerts_package_unique" ON "pre_alerts" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "packages_unidentified_idx" ON "packages" USING btree ("received_date","id") WHERE "packages"."user_id" is null;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_owner_whole" CHECK (("packages"."user_id" is null) = ("packages"."locker_number" is null));