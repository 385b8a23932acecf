CREATE TABLE "round_day_count" (
	"user_id" integer NOT NULL,
	"hold_id" integer NOT NULL,
	"round_date" date NOT NULL,
	"road_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"rounds" integer NOT NULL,
	"rounds_done" integer NOT NULL,
	"points_expected" integer NOT NULL,
	"on_time" integer NOT NULL,
	"early" integer NOT NULL,
	"late" integer NOT NULL,
	"missed" integer NOT NULL,
	"checked" integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "round_day_count_key" ON "round_day_count" USING btree ("user_id","hold_id","round_date","road_id","task_id")
	INCLUDE ("rounds","rounds_done","points_expected","on_time","early","late","missed","checked");
--> statement-breakpoint
-- Hand-edited after drizzle-kit generate: 漏检报表's per-day rollup of the frozen rounds (issue 31). At 2,000 roads
-- with four slots a day a year holds 2.9M rounds; the report reads this instead (a row per organisation, day, road
-- and task: 730k for that year, and the rows of each account charged with the rounds, for 巡检人), and the rounds
-- not frozen yet from patrol_round itself. Statement triggers with transition tables keep it exact through every
-- insert, update and delete of patrol_round (the freeze, a late upload deciding a frozen round again, a remade or
-- deleted round): a statement's frozen rounds after it (+) and before it (-) are netted per key and applied in one
-- upsert in key order (concurrent statements lock the same rows in the same order), then keys whose rounds fell to
-- 0 are removed. The accounts a round counts for are the report's: those on duty for a round walked by shift, else
-- those who punched it, else the road's accounts (report.repository.ts, WALKERS). user_id 0 holds every round;
-- task_id 0 the road's own.
CREATE FUNCTION "round_day_count_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	"changed" text := CASE TG_OP
		WHEN 'INSERT' THEN 'SELECT 1 AS "s", * FROM "new_rows"'
		WHEN 'DELETE' THEN 'SELECT -1 AS "s", * FROM "old_rows"'
		ELSE 'SELECT 1 AS "s", * FROM "new_rows" UNION ALL SELECT -1, * FROM "old_rows"' END;
	-- Each frozen round of a set once for every round (user 0) and once for each account charged with it.
	"counted" text := 'SELECT 0 AS "user_id", "r".* FROM (%1$s) "r" WHERE "r"."result" IS NOT NULL
		UNION ALL
		SELECT "w"."user_id", "r".* FROM (%1$s) "r"
		CROSS JOIN LATERAL unnest(CASE WHEN "r"."shift_id" IS NOT NULL AND cardinality("r"."responsible_users") > 0
			THEN "r"."responsible_users" WHEN cardinality("r"."punched_users") > 0 THEN "r"."punched_users"
			ELSE "r"."walker_users" END) "w"("user_id")
		WHERE "r"."result" IS NOT NULL';
BEGIN
	EXECUTE format('INSERT INTO "round_day_count" ("user_id", "hold_id", "round_date", "road_id", "task_id", "rounds",
			"rounds_done", "points_expected", "on_time", "early", "late", "missed", "checked")
		SELECT "user_id", "hold_id", "round_date", "road_id", coalesce("task_id", 0), sum("s"),
			sum("s" * ("result" = 2)::int), sum("s" * cardinality("expected_cards")), sum("s" * "on_time"),
			sum("s" * "early"), sum("s" * "late"), sum("s" * (cardinality("expected_cards") - cardinality("checked_cards"))),
			sum("s" * cardinality("checked_cards"))
		FROM (' || "counted" || ') "c"
		GROUP BY 1, 2, 3, 4, 5
		HAVING sum("s") <> 0 OR sum("s" * ("result" = 2)::int) <> 0 OR sum("s" * cardinality("expected_cards")) <> 0
			OR sum("s" * "on_time") <> 0 OR sum("s" * "early") <> 0 OR sum("s" * "late") <> 0
			OR sum("s" * cardinality("checked_cards")) <> 0
		ORDER BY 1, 2, 3, 4, 5
		ON CONFLICT ("user_id", "hold_id", "round_date", "road_id", "task_id") DO UPDATE SET
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
			USING (SELECT DISTINCT "user_id", "hold_id", "round_date", "road_id", coalesce("task_id", 0) AS "task_id"
				FROM (' || "counted" || ') "c") "k"
			WHERE "d"."user_id" = "k"."user_id" AND "d"."hold_id" = "k"."hold_id" AND "d"."round_date" = "k"."round_date"
				AND "d"."road_id" = "k"."road_id" AND "d"."task_id" = "k"."task_id" AND "d"."rounds" <= 0',
			'SELECT -1 AS "s", * FROM "old_rows"');
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "round_day_count_insert" AFTER INSERT ON "patrol_round" REFERENCING NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "round_day_count_apply"();
--> statement-breakpoint
CREATE TRIGGER "round_day_count_delete" AFTER DELETE ON "patrol_round" REFERENCING OLD TABLE AS "old_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "round_day_count_apply"();
--> statement-breakpoint
CREATE TRIGGER "round_day_count_update" AFTER UPDATE ON "patrol_round"
	REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "round_day_count_apply"();
--> statement-breakpoint
-- The rounds frozen so far.
INSERT INTO "round_day_count" ("user_id", "hold_id", "round_date", "road_id", "task_id", "rounds", "rounds_done",
	"points_expected", "on_time", "early", "late", "missed", "checked")
SELECT "user_id", "hold_id", "round_date", "road_id", coalesce("task_id", 0), count(*), count(*) FILTER (WHERE "result" = 2),
	sum("points_expected"), sum("on_time"), sum("early"), sum("late"), sum("points_expected" - "points_checked"),
	sum("points_checked")
FROM (
	SELECT 0 AS "user_id", "r".* FROM "patrol_round" "r" WHERE "r"."result" IS NOT NULL
	UNION ALL
	SELECT "w"."user_id", "r".* FROM "patrol_round" "r"
	CROSS JOIN LATERAL unnest(CASE WHEN "r"."shift_id" IS NOT NULL AND cardinality("r"."responsible_users") > 0
		THEN "r"."responsible_users" WHEN cardinality("r"."punched_users") > 0 THEN "r"."punched_users"
		ELSE "r"."walker_users" END) "w"("user_id")
	WHERE "r"."result" IS NOT NULL
) "c"
GROUP BY 1, 2, 3, 4, 5;