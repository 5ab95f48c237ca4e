ALTER TABLE "walk_ins" DROP CONSTRAINT "walk_ins_status_known";--> statement-breakpoint
ALTER TABLE "walk_ins" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "walk_ins" ADD COLUMN "technician_id" bigint;--> statement-breakpoint
ALTER TABLE "walk_ins" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "walk_ins" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "walk_ins" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "walk_ins" ADD CONSTRAINT "walk_ins_technician_fk" FOREIGN KEY ("tenant_id","technician_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walk_ins" ADD CONSTRAINT "walk_ins_version_positive" CHECK ("walk_ins"."version" >= 1);--> statement-breakpoint
ALTER TABLE "walk_ins" ADD CONSTRAINT "walk_ins_technician_when_taken" CHECK ("walk_ins"."status" not in ('assigned', 'in_service') or "walk_ins"."technician_id" is not null);--> statement-breakpoint
-- Hand-written (docs/front-desk.md#walk-in-lifecycle): rows of the old statuses take their new names before the
-- widened check is added: served is done, cancelled is left.
UPDATE "walk_ins" SET "status" = 'done', "finished_at" = "updated_at" WHERE "status" = 'served';--> statement-breakpoint
UPDATE "walk_ins" SET "status" = 'left', "finished_at" = "updated_at" WHERE "status" = 'cancelled';--> statement-breakpoint
ALTER TABLE "walk_ins" ADD CONSTRAINT "walk_ins_status_known" CHECK ("walk_ins"."status" in ('waiting', 'assigned', 'in_service', 'done', 'left', 'no_show'));