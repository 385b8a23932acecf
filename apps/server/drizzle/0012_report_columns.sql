-- Each round's counts of expected and checked points, kept by the database from the two arrays, and the index on
-- (hold_id, round_date) carrying what 漏检报表 and the dashboard add up: a year of the root scope (730k rounds at
-- 2,000 roads) is read from the index alone, without the rounds' rows or their arrays.
ALTER TABLE "patrol_round"
	ADD COLUMN "points_expected" integer GENERATED ALWAYS AS (cardinality(expected_cards)) STORED NOT NULL,
	ADD COLUMN "points_checked" integer GENERATED ALWAYS AS (cardinality(checked_cards)) STORED NOT NULL;--> statement-breakpoint
DROP INDEX "patrol_round_hold_day_idx";--> statement-breakpoint
CREATE INDEX "patrol_round_hold_day_idx" ON "patrol_round" USING btree ("hold_id","round_date")
	INCLUDE ("road_id","result","on_time","early","late","points_expected","points_checked");
