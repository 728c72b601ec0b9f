CREATE TABLE "host_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"host_id" integer NOT NULL,
	"code" varchar(20) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "internal_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"entity_type" varchar(20) NOT NULL,
	"entity_id" integer NOT NULL,
	"author_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "internal_notes_entity_known" CHECK ("internal_notes"."entity_type" in ('package', 'shipment'))
);
--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "location" varchar(20);--> statement-breakpoint
ALTER TABLE "host_locations" ADD CONSTRAINT "host_locations_host_id_hosts_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."hosts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internal_notes" ADD CONSTRAINT "internal_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "host_locations_host_code_unique" ON "host_locations" USING btree ("host_id","code");--> statement-breakpoint
CREATE INDEX "internal_notes_entity_idx" ON "internal_notes" USING btree ("entity_type","entity_id","id");