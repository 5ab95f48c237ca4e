-- Membership names become unique in the tenant whatever their case (docs/back-office.md "Memberships"). Names
-- were free before, so a tenant may hold "Gold" twice: the oldest keeps its name and each later one gets a
-- suffix, " (2)", " (3)"..., numbered by id within its case-insensitive name. A suffixed name may itself be
-- taken ("Gold (2)" already existing), so the renaming repeats until no two names of a tenant collide. It ends:
-- a pass renames only rows sharing a name with an older row, the oldest row of a tenant never changes, and a
-- renamed name only grows. The rows keep their ids: the customers who hold them and their histories stay.
DO $$
BEGIN
  LOOP
    WITH "ranked" AS (
      SELECT "tenant_id", "id",
        row_number() OVER (PARTITION BY "tenant_id", lower("name") ORDER BY "id") AS "n"
      FROM "memberships"
    )
    UPDATE "memberships" AS "m"
    SET "name" = "m"."name" || ' (' || "ranked"."n" || ')', "updated_at" = now()
    FROM "ranked"
    WHERE "ranked"."tenant_id" = "m"."tenant_id" AND "ranked"."id" = "m"."id" AND "ranked"."n" > 1;
    EXIT WHEN NOT FOUND;
  END LOOP;
END $$;--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_tenant_name_key" ON "memberships" USING btree ("tenant_id",lower("name"));
