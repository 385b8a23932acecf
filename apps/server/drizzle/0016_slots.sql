-- Several windows a day (SHIFTS.md): roads and tasks keep their slots (start, end, … in minutes; empty = the one
-- window of start_minute/end_minute) and every slot of a day is its own round, slot_no part of its key. Rounds
-- already stored are slot 1. patrol_round_hold_day_idx is unchanged, so 漏检报表 still reads from the index alone.
DROP INDEX "patrol_round_road_day_idx";--> statement-breakpoint
DROP INDEX "patrol_round_task_day_idx";--> statement-breakpoint
ALTER TABLE "patrol_round" ADD COLUMN "slot_no" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "road" ADD COLUMN "time_slots" smallint[] DEFAULT '{}'::smallint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "task" ADD COLUMN "time_slots" smallint[] DEFAULT '{}'::smallint[] NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "patrol_round_road_day_idx" ON "patrol_round" USING btree ("road_id","round_date","slot_no") WHERE "patrol_round"."task_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "patrol_round_task_day_idx" ON "patrol_round" USING btree ("task_id","round_date","slot_no") WHERE "patrol_round"."task_id" is not null;