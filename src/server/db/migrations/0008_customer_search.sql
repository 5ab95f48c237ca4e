-- Customer search by a phone fragment or part of a name or email (docs/back-office.md "Customers"): trigram
-- indexes serve ILIKE '%term%'. pg_trgm ships with PostgreSQL (migration 0004 created it already; kept here so
-- this migration stands alone).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "customers_phone_trgm_idx" ON "customers" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_full_name_trgm_idx" ON "customers" USING gin (lower("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_full_name_reversed_trgm_idx" ON "customers" USING gin (lower("last_name" || ' ' || "first_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_email_trgm_idx" ON "customers" USING gin (lower("email") gin_trgm_ops);