ALTER TABLE "photo_request_attachments" ALTER COLUMN "photo_request_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "photo_request_attachments" ADD COLUMN "package_id" integer;--> statement-breakpoint
ALTER TABLE "photo_request_attachments" ADD CONSTRAINT "photo_request_attachments_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachments_package_idx" ON "photo_request_attachments" USING btree ("package_id");--> statement-breakpoint
ALTER TABLE "photo_request_attachments" ADD CONSTRAINT "attachments_belong_somewhere" CHECK ("photo_request_attachments"."photo_request_id" is not null or "photo_request_attachments"."package_id" is not null);--> statement-breakpoint
-- Photos taken at receipt were stored as a COMPLETED photo request the customer never made (decision 010).
-- They become the package's own photos and those requests go (decision 030). A receipt request is the one
-- the receive step wrote: no customer notes, the receipt note, requested and completed in the same instant.
UPDATE "photo_request_attachments" AS a SET "package_id" = r."package_id", "photo_request_id" = NULL
FROM "photo_requests" AS r
WHERE a."photo_request_id" = r."id" AND r."status" = 'COMPLETED' AND r."notes" IS NULL
  AND r."staff_notes" = 'Photos taken at receipt' AND r."completed_date" = r."requested_date";--> statement-breakpoint
DELETE FROM "photo_requests" AS r
WHERE r."status" = 'COMPLETED' AND r."notes" IS NULL AND r."staff_notes" = 'Photos taken at receipt'
  AND r."completed_date" = r."requested_date"
  AND NOT EXISTS (SELECT 1 FROM "photo_request_attachments" AS a WHERE a."photo_request_id" = r."id");
