CREATE TABLE "package_request_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"phase" varchar(6) NOT NULL,
	"parcel_id" integer,
	"file_name" varchar(255) NOT NULL,
	"mime_type" varchar(40) NOT NULL,
	"file_size" bigint NOT NULL,
	"storage_key" varchar(300) NOT NULL,
	"thumbnail_key" varchar(300),
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "package_request_photos_phase_known" CHECK ("package_request_photos"."phase" in ('BEFORE', 'AFTER'))
);
--> statement-breakpoint
ALTER TABLE "package_request_photos" ADD CONSTRAINT "package_request_photos_request_id_package_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."package_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_request_photos" ADD CONSTRAINT "package_request_photos_parcel_id_packages_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_request_photos" ADD CONSTRAINT "package_request_photos_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "package_request_photos_request_idx" ON "package_request_photos" USING btree ("request_id","id");