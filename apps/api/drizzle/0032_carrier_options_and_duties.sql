CREATE TABLE "duty_rules" (
	"country_code" varchar(2) PRIMARY KEY NOT NULL,
	"rule" jsonb NOT NULL,
	"source" varchar(300),
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "carrier_option" jsonb;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "duties" jsonb;--> statement-breakpoint
ALTER TABLE "duty_rules" ADD CONSTRAINT "duty_rules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;