-- Each status column holds its lifecycle's values only. Rows outside them (none was ever written) stop the migration,
-- naming the table, the column and the values, so they can be put right first.
DO $$
DECLARE found text;
BEGIN
  SELECT string_agg(DISTINCT v, ', ') INTO found FROM (
    SELECT 'packages.shipment_status=' || shipment_status AS v FROM packages WHERE shipment_status NOT IN ('Not damaged', 'Damaged', 'Prohibited Item')
    UNION ALL SELECT 'photo_requests.status=' || status FROM photo_requests WHERE status NOT IN ('PENDING', 'IN_PROGRESS', 'COMPLETED', 'REJECTED', 'CANCELLED')
    UNION ALL SELECT 'shipments.shipment_status=' || shipment_status FROM shipments WHERE shipment_status NOT IN ('Pending', 'Finalized', 'Processed', 'Shipped', 'Delivered')
    UNION ALL SELECT 'shipments.consolidation_status=' || consolidation_status FROM shipments WHERE consolidation_status NOT IN ('Pending', 'In Progress', 'Completed')
    UNION ALL SELECT 'shipments.payment_status=' || payment_status FROM shipments WHERE payment_status NOT IN ('Unpaid', 'Paid')
  ) outside;
  IF found IS NOT NULL THEN
    RAISE EXCEPTION 'statuses outside their lifecycles: %', found;
  END IF;
END $$;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_condition_known" CHECK ("packages"."shipment_status" in ('Not damaged', 'Damaged', 'Prohibited Item'));--> statement-breakpoint
ALTER TABLE "photo_requests" ADD CONSTRAINT "photo_requests_status_known" CHECK ("photo_requests"."status" in ('PENDING', 'IN_PROGRESS', 'COMPLETED', 'REJECTED', 'CANCELLED'));--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_status_known" CHECK ("shipments"."shipment_status" in ('Pending', 'Finalized', 'Processed', 'Shipped', 'Delivered'));--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_consolidation_status_known" CHECK ("shipments"."consolidation_status" is null or "shipments"."consolidation_status" in ('Pending', 'In Progress', 'Completed'));--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_payment_status_known" CHECK ("shipments"."payment_status" in ('Unpaid', 'Paid'));