CREATE SEQUENCE "public"."hopbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1000001 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."locker_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"label" varchar(100) NOT NULL,
	"address" varchar(300) NOT NULL,
	"city" varchar(120) NOT NULL,
	"state" varchar(120),
	"country" varchar(120) NOT NULL,
	"postal_code" varchar(20),
	"phone_number" varchar(20),
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photo_request_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"photo_request_id" integer NOT NULL,
	"file_name" varchar(200) NOT NULL,
	"original_file_name" varchar(255) NOT NULL,
	"mime_type" varchar(40) NOT NULL,
	"file_size" bigint NOT NULL,
	"storage_key" varchar(300) NOT NULL,
	"thumbnail_key" varchar(300),
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"key" varchar(300) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hosts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"address" varchar(300) NOT NULL,
	"city" varchar(120) NOT NULL,
	"country" varchar(120) NOT NULL,
	"postal_code" varchar(200),
	"email" varchar(254),
	"phone" varchar(200),
	"code" varchar(12) NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"remote_address_service" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"hopbox_id" varchar(20) NOT NULL,
	"user_id" integer NOT NULL,
	"locker_number" varchar(16) NOT NULL,
	"shipment_id" integer,
	"shipper" varchar(200) NOT NULL,
	"package_content" varchar(300) NOT NULL,
	"received_date" timestamp with time zone DEFAULT now() NOT NULL,
	"origin" varchar(120) NOT NULL,
	"external_tracking_number" varchar(100),
	"shipment_status" varchar(20) DEFAULT 'Not damaged' NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"unit_price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"total_price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"currency" varchar(3) DEFAULT 'USD' NOT NULL,
	"description" text,
	"notes" text,
	"package_weight" numeric(10, 3) DEFAULT '0' NOT NULL,
	"unit_weight" numeric(10, 3) DEFAULT '0' NOT NULL,
	"package_length" numeric(10, 3) DEFAULT '0' NOT NULL,
	"package_breadth" numeric(10, 3) DEFAULT '0' NOT NULL,
	"package_height" numeric(10, 3) DEFAULT '0' NOT NULL,
	"received_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"provider" varchar(16) NOT NULL,
	"order_ref" varchar(100) NOT NULL,
	"merchant_reference" varchar(60) NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"status" varchar(20) DEFAULT 'PENDING' NOT NULL,
	"shipment_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pending_shipment" jsonb,
	"payment_url" text,
	"captured_at" timestamp with time zone,
	"finalized_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photo_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"package_id" integer NOT NULL,
	"order_id" varchar(40),
	"request_type" varchar(20) DEFAULT 'PACKAGE_PHOTO' NOT NULL,
	"priority" varchar(10) DEFAULT 'MEDIUM' NOT NULL,
	"status" varchar(16) DEFAULT 'PENDING' NOT NULL,
	"notes" text,
	"staff_notes" text,
	"requested_date" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_date" timestamp with time zone,
	"handled_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"user_agent" varchar(300),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" varchar(40)
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_id" varchar(32) NOT NULL,
	"user_id" integer NOT NULL,
	"is_consolidated" boolean DEFAULT false NOT NULL,
	"origin" varchar(120) NOT NULL,
	"address" varchar(300) NOT NULL,
	"city" varchar(120) NOT NULL,
	"state" varchar(120),
	"country" varchar(120) NOT NULL,
	"postal_code" varchar(20),
	"phone" varchar(20),
	"notes" text,
	"total_weight" numeric(10, 3) NOT NULL,
	"amount" numeric(12, 2),
	"currency" varchar(3) DEFAULT 'AED' NOT NULL,
	"shipment_status" varchar(20) NOT NULL,
	"consolidation_status" varchar(20),
	"ready_to_ship" boolean DEFAULT false NOT NULL,
	"payment_status" varchar(20) DEFAULT 'Unpaid' NOT NULL,
	"payment_reference" varchar(100),
	"awb" varchar(60),
	"host_id" integer,
	"order_date" timestamp with time zone,
	"processing_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenants" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenants_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"role" varchar(16) DEFAULT 'user' NOT NULL,
	"email" varchar(254) NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" varchar(100) NOT NULL,
	"last_name" varchar(100) NOT NULL,
	"phone" varchar(20),
	"gender" varchar(16),
	"country" varchar(120),
	"locker_number" varchar(16),
	"notification_prefs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_request_attachments" ADD CONSTRAINT "photo_request_attachments_photo_request_id_photo_requests_id_fk" FOREIGN KEY ("photo_request_id") REFERENCES "public"."photo_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_request_attachments" ADD CONSTRAINT "photo_request_attachments_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_requests" ADD CONSTRAINT "photo_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_requests" ADD CONSTRAINT "photo_requests_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_requests" ADD CONSTRAINT "photo_requests_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_host_id_hosts_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."hosts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_user_idx" ON "addresses" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_one_default_per_user" ON "addresses" USING btree ("user_id") WHERE "addresses"."is_default";--> statement-breakpoint
CREATE INDEX "attachments_photo_request_idx" ON "photo_request_attachments" USING btree ("photo_request_id");--> statement-breakpoint
CREATE INDEX "auth_attempts_lookup_idx" ON "auth_attempts" USING btree ("kind","key","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "hosts_code_unique" ON "hosts" USING btree ("code");--> statement-breakpoint
CREATE INDEX "hosts_active_idx" ON "hosts" USING btree ("active");--> statement-breakpoint
CREATE INDEX "hosts_country_idx" ON "hosts" USING btree ("country");--> statement-breakpoint
CREATE UNIQUE INDEX "packages_hopbox_id_unique" ON "packages" USING btree ("hopbox_id");--> statement-breakpoint
CREATE INDEX "packages_user_received_idx" ON "packages" USING btree ("user_id","received_date");--> statement-breakpoint
CREATE INDEX "packages_shipment_idx" ON "packages" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "packages_locker_idx" ON "packages" USING btree ("locker_number");--> statement-breakpoint
CREATE INDEX "packages_tracking_idx" ON "packages" USING btree ("external_tracking_number");--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_tokens_hash_unique" ON "password_reset_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_order_ref_unique" ON "payments" USING btree ("order_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_merchant_reference_unique" ON "payments" USING btree ("merchant_reference");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "photo_requests_user_status_idx" ON "photo_requests" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "photo_requests_package_idx" ON "photo_requests" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "photo_requests_status_idx" ON "photo_requests" USING btree ("status","priority","requested_date");--> statement-breakpoint
CREATE INDEX "photo_requests_order_idx" ON "photo_requests" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "photo_requests_one_open_per_package" ON "photo_requests" USING btree ("package_id") WHERE "photo_requests"."status" in ('PENDING', 'IN_PROGRESS');--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_unique" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_session_idx" ON "refresh_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_shipment_id_unique" ON "shipments" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "shipments_user_status_idx" ON "shipments" USING btree ("user_id","shipment_status");--> statement-breakpoint
CREATE INDEX "shipments_status_idx" ON "shipments" USING btree ("shipment_status");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_locker_number_unique" ON "users" USING btree ("locker_number");--> statement-breakpoint
CREATE INDEX "users_tenant_idx" ON "users" USING btree ("tenant_id");