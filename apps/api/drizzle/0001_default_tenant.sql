-- The tenant every account belongs to until the product serves several brands.
INSERT INTO "tenants" ("name") VALUES ('default') ON CONFLICT ("name") DO NOTHING;
