DROP INDEX "shipments_status_idx";--> statement-breakpoint
DROP INDEX "packages_locker_waiting_idx";--> statement-breakpoint
CREATE INDEX "packages_received_idx" ON "packages" USING btree ("received_date","id");--> statement-breakpoint
CREATE INDEX "shipments_created_idx" ON "shipments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "shipments_status_created_idx" ON "shipments" USING btree ("shipment_status","created_at","id");--> statement-breakpoint
CREATE INDEX "packages_locker_waiting_idx" ON "packages" USING btree ("user_id","received_date","id") WHERE "packages"."shipment_id" is null;