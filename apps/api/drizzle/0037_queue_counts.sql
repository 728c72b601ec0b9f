CREATE TABLE "queue_counts" (
	"queue" varchar(40) PRIMARY KEY NOT NULL,
	"size" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "queue_counts" ("queue", "size") VALUES ('open_photo_requests', 0), ('unidentified_packages', 0);
--> statement-breakpoint
CREATE FUNCTION "queue_counts_recount"() RETURNS void LANGUAGE sql AS $$
	UPDATE "queue_counts" SET "size" = CASE "queue"
		WHEN 'open_photo_requests' THEN (SELECT count(*) FROM "photo_requests" WHERE "status" IN ('PENDING', 'IN_PROGRESS'))
		WHEN 'unidentified_packages' THEN (SELECT count(*) FROM "packages" WHERE "user_id" IS NULL) END;
$$;
--> statement-breakpoint
SELECT "queue_counts_recount"();
--> statement-breakpoint
CREATE FUNCTION "queue_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "queue_counts" SET "size" = "size" + (CASE TG_OP WHEN 'DELETE' THEN -1 WHEN 'INSERT' THEN 1
		ELSE (CASE WHEN TG_ARGV[1] = 'entered' THEN 1 ELSE -1 END) END)
	WHERE "queue" = TG_ARGV[0];
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "photo_requests_opened" AFTER INSERT ON "photo_requests" DEFERRABLE INITIALLY DEFERRED
	FOR EACH ROW WHEN (NEW."status" IN ('PENDING', 'IN_PROGRESS')) EXECUTE FUNCTION "queue_counts_add"('open_photo_requests');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "photo_requests_open_deleted" AFTER DELETE ON "photo_requests" DEFERRABLE INITIALLY DEFERRED
	FOR EACH ROW WHEN (OLD."status" IN ('PENDING', 'IN_PROGRESS')) EXECUTE FUNCTION "queue_counts_add"('open_photo_requests');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "photo_requests_reopened" AFTER UPDATE OF "status" ON "photo_requests" DEFERRABLE INITIALLY DEFERRED
	FOR EACH ROW WHEN (NEW."status" IN ('PENDING', 'IN_PROGRESS') AND OLD."status" NOT IN ('PENDING', 'IN_PROGRESS'))
	EXECUTE FUNCTION "queue_counts_add"('open_photo_requests', 'entered');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "photo_requests_closed" AFTER UPDATE OF "status" ON "photo_requests" DEFERRABLE INITIALLY DEFERRED
	FOR EACH ROW WHEN (OLD."status" IN ('PENDING', 'IN_PROGRESS') AND NEW."status" NOT IN ('PENDING', 'IN_PROGRESS'))
	EXECUTE FUNCTION "queue_counts_add"('open_photo_requests', 'left');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "packages_unidentified_received" AFTER INSERT ON "packages" DEFERRABLE INITIALLY DEFERRED
	FOR EACH ROW WHEN (NEW."user_id" IS NULL) EXECUTE FUNCTION "queue_counts_add"('unidentified_packages');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "packages_unidentified_deleted" AFTER DELETE ON "packages" DEFERRABLE INITIALLY DEFERRED
	FOR EACH ROW WHEN (OLD."user_id" IS NULL) EXECUTE FUNCTION "queue_counts_add"('unidentified_packages');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "packages_unidentified_unassigned" AFTER UPDATE OF "user_id" ON "packages" DEFERRABLE INITIALLY DEFERRED
	FOR EACH ROW WHEN (NEW."user_id" IS NULL AND OLD."user_id" IS NOT NULL)
	EXECUTE FUNCTION "queue_counts_add"('unidentified_packages', 'entered');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "packages_unidentified_identified" AFTER UPDATE OF "user_id" ON "packages" DEFERRABLE INITIALLY DEFERRED
	FOR EACH ROW WHEN (OLD."user_id" IS NULL AND NEW."user_id" IS NOT NULL)
	EXECUTE FUNCTION "queue_counts_add"('unidentified_packages', 'left');
--> statement-breakpoint
CREATE FUNCTION "queue_counts_emptied"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "queue_counts" SET "size" = 0 WHERE "queue" = TG_ARGV[0];
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "photo_requests_truncated" AFTER TRUNCATE ON "photo_requests"
	FOR EACH STATEMENT EXECUTE FUNCTION "queue_counts_emptied"('open_photo_requests');
--> statement-breakpoint
CREATE TRIGGER "packages_truncated" AFTER TRUNCATE ON "packages"
	FOR EACH STATEMENT EXECUTE FUNCTION "queue_counts_emptied"('unidentified_packages');
