-- Hand-edited after drizzle-kit generate: 漏检报表's rollup (migration 0021) at three levels, `kind`: 0 per account,
-- organisation, day, road and task as before; 1 the same per month (round_date its first day); 2 per account,
-- organisation and day (road_id and task_id 0). A year at 2,000 roads is 730k day rows: by road, organisation or
-- 巡检人 the report now reads the whole months of its span from 24k month rows and only the days at its ends from
-- the day rows, by date the organisations' days (kind 2). The triggers write every level in the same statement.
DROP INDEX "round_day_count_key";--> statement-breakpoint
ALTER TABLE "round_day_count" ADD COLUMN "kind" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "round_day_count_key" ON "round_day_count" USING btree ("kind","user_id","hold_id","round_date","road_id","task_id")
	INCLUDE ("rounds","rounds_done","points_expected","on_time","early","late","missed","checked");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "round_day_count_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	"changed" text := CASE TG_OP
		WHEN 'INSERT' THEN 'SELECT 1 AS "s", * FROM "new_rows"'
		WHEN 'DELETE' THEN 'SELECT -1 AS "s", * FROM "old_rows"'
		ELSE 'SELECT 1 AS "s", * FROM "new_rows" UNION ALL SELECT -1, * FROM "old_rows"' END;
	-- Each frozen round of a set once for every round (user 0) and once for each account charged with it, at each
	-- level: its day, road and task; its month, road and task; its day.
	"counted" text := 'SELECT "k"."kind", "u"."user_id", "u"."hold_id",
			CASE "k"."kind" WHEN 1 THEN date_trunc(''month'', "u"."round_date")::date ELSE "u"."round_date" END AS "round_date",
			CASE "k"."kind" WHEN 2 THEN 0 ELSE "u"."road_id" END AS "road_id",
			CASE "k"."kind" WHEN 2 THEN 0 ELSE coalesce("u"."task_id", 0) END AS "task_id",
			"u"."s", "u"."result", "u"."expected_cards", "u"."checked_cards", "u"."on_time", "u"."early", "u"."late"
		FROM (
			SELECT 0 AS "user_id", "r".* FROM (%1$s) "r" WHERE "r"."result" IS NOT NULL
			UNION ALL
			SELECT "w"."user_id", "r".* FROM (%1$s) "r"
			CROSS JOIN LATERAL unnest(CASE WHEN "r"."shift_id" IS NOT NULL AND cardinality("r"."responsible_users") > 0
				THEN "r"."responsible_users" WHEN cardinality("r"."punched_users") > 0 THEN "r"."punched_users"
				ELSE "r"."walker_users" END) "w"("user_id")
			WHERE "r"."result" IS NOT NULL
		) "u"
		CROSS JOIN (VALUES (0), (1), (2)) "k"("kind")';
BEGIN
	EXECUTE format('INSERT INTO "round_day_count" ("kind", "user_id", "hold_id", "round_date", "road_id", "task_id",
			"rounds", "rounds_done", "points_expected", "on_time", "early", "late", "missed", "checked")
		SELECT "kind", "user_id", "hold_id", "round_date", "road_id", "task_id", sum("s"),
			sum("s" * ("result" = 2)::int), sum("s" * cardinality("expected_cards")), sum("s" * "on_time"),
			sum("s" * "early"), sum("s" * "late"), sum("s" * (cardinality("expected_cards") - cardinality("checked_cards"))),
			sum("s" * cardinality("checked_cards"))
		FROM (' || "counted" || ') "c"
		GROUP BY 1, 2, 3, 4, 5, 6
		HAVING sum("s") <> 0 OR sum("s" * ("result" = 2)::int) <> 0 OR sum("s" * cardinality("expected_cards")) <> 0
			OR sum("s" * "on_time") <> 0 OR sum("s" * "early") <> 0 OR sum("s" * "late") <> 0
			OR sum("s" * cardinality("checked_cards")) <> 0
		ORDER BY 1, 2, 3, 4, 5, 6
		ON CONFLICT ("kind", "user_id", "hold_id", "round_date", "road_id", "task_id") DO UPDATE SET
			"rounds" = "round_day_count"."rounds" + excluded."rounds",
			"rounds_done" = "round_day_count"."rounds_done" + excluded."rounds_done",
			"points_expected" = "round_day_count"."points_expected" + excluded."points_expected",
			"on_time" = "round_day_count"."on_time" + excluded."on_time",
			"early" = "round_day_count"."early" + excluded."early",
			"late" = "round_day_count"."late" + excluded."late",
			"missed" = "round_day_count"."missed" + excluded."missed",
			"checked" = "round_day_count"."checked" + excluded."checked"', "changed");
	IF TG_OP <> 'INSERT' THEN
		-- Only keys of rounds this statement changed or removed can have fallen to 0; it holds their locks already.
		EXECUTE format('DELETE FROM "round_day_count" "d"
			USING (SELECT DISTINCT "kind", "user_id", "hold_id", "round_date", "road_id", "task_id"
				FROM (' || "counted" || ') "c") "k"
			WHERE "d"."kind" = "k"."kind" AND "d"."user_id" = "k"."user_id" AND "d"."hold_id" = "k"."hold_id"
				AND "d"."round_date" = "k"."round_date" AND "d"."road_id" = "k"."road_id" AND "d"."task_id" = "k"."task_id"
				AND "d"."rounds" <= 0',
			'SELECT -1 AS "s", * FROM "old_rows"');
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- The months and the organisations' days of the rounds frozen so far, from their day rows.
INSERT INTO "round_day_count" ("kind", "user_id", "hold_id", "round_date", "road_id", "task_id", "rounds",
	"rounds_done", "points_expected", "on_time", "early", "late", "missed", "checked")
SELECT 1, "user_id", "hold_id", date_trunc('month', "round_date")::date, "road_id", "task_id", sum("rounds"),
	sum("rounds_done"), sum("points_expected"), sum("on_time"), sum("early"), sum("late"), sum("missed"), sum("checked")
FROM "round_day_count" WHERE "kind" = 0 GROUP BY 2, 3, 4, 5, 6
UNION ALL
SELECT 2, "user_id", "hold_id", "round_date", 0, 0, sum("rounds"), sum("rounds_done"), sum("points_expected"),
	sum("on_time"), sum("early"), sum("late"), sum("missed"), sum("checked")
FROM "round_day_count" WHERE "kind" = 0 GROUP BY 2, 3, 4;
