-- Null turn_value: the store's price thresholds decide (docs/turns.md "Settings"). Existing services keep the value
-- they have, so no store's turn counting changes under it; new services start by price.
ALTER TABLE "services" ALTER COLUMN "turn_value" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "services" ALTER COLUMN "turn_value" DROP NOT NULL;