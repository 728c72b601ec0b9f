CREATE TABLE "package_request_fees" (
	"id" serial PRIMARY KEY NOT NULL,
	"host_id" integer NOT NULL,
	"type" varchar(20) NOT NULL,
	"fee" numeric(12, 2) NOT NULL,
	"currency" varchar(3) DEFAULT 'AED' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "package_request_fees_type_known" CHECK ("package_request_fees"."type" in ('REPACK', 'REMOVE_PACKAGING', 'SPLIT', 'RETURN_TO_SENDER', 'DISCARD'))
);
--> statement-breakpoint
CREATE TABLE "package_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"package_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"host_id" integer,
	"type" varchar(20) NOT NULL,
	"status" varchar(16) DEFAULT 'REQUESTED' NOT NULL,
	"notes" text,
	"fee" numeric(12, 2) NOT NULL,
	"currency" varchar(3) DEFAULT 'AED' NOT NULL,
	"label_key" varchar(300),
	"label_name" varchar(200),
	"label_mime_type" varchar(100),
	"label_size" integer,
	"result" jsonb,
	"staff_notes" text,
	"handled_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "package_requests_status_known" CHECK ("package_requests"."status" in ('REQUESTED', 'IN_PROGRESS', 'DONE', 'REJECTED')),
	CONSTRAINT "package_requests_type_known" CHECK ("package_requests"."type" in ('REPACK', 'REMOVE_PACKAGING', 'SPLIT', 'RETURN_TO_SENDER', 'DISCARD'))
);
--> statement-breakpoint
DROP INDEX "packages_locker_waiting_idx";--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "left_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "left_as" varchar(16);--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "split_from_id" integer;--> statement-breakpoint
ALTER TABLE "package_request_fees" ADD CONSTRAINT "package_request_fees_host_id_hosts_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."hosts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_requests" ADD CONSTRAINT "package_requests_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_requests" ADD CONSTRAINT "package_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_requests" ADD CONSTRAINT "package_requests_host_id_hosts_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."hosts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_requests" ADD CONSTRAINT "package_requests_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "package_request_fees_host_type_unique" ON "package_request_fees" USING btree ("host_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "package_requests_one_open_per_package" ON "package_requests" USING btree ("package_id") WHERE "package_requests"."status" in ('REQUESTED', 'IN_PROGRESS');--> statement-breakpoint
CREATE INDEX "package_requests_status_created_idx" ON "package_requests" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "package_requests_created_idx" ON "package_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "package_requests_package_idx" ON "package_requests" USING btree ("package_id","created_at");--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_split_from_id_packages_id_fk" FOREIGN KEY ("split_from_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "packages_split_from_idx" ON "packages" USING btree ("split_from_id") WHERE "packages"."split_from_id" is not null;--> statement-breakpoint
CREATE INDEX "packages_locker_waiting_idx" ON "packages" USING btree ("user_id","received_date","id") WHERE ("packages"."shipment_id" is null and "packages"."left_at" is null);--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_left_known" CHECK (("packages"."left_at" is null) = ("packages"."left_as" is null) and ("packages"."left_as" is null or "packages"."left_as" in ('RETURNED', 'DISCARDED', 'SPLIT')));