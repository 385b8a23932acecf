CREATE TABLE "card_day_count" (
	"day" date NOT NULL,
	"patrol_sn" text NOT NULL,
	"hold_id" integer NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_day_zone" (
	"one" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"tz" text NOT NULL,
	CONSTRAINT "card_day_zone_one" CHECK ("card_day_zone"."one")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "card_day_count_key" ON "card_day_count" USING btree ("day" DESC NULLS FIRST,"patrol_sn","hold_id");--> statement-breakpoint
CREATE INDEX "card_day_count_hold_idx" ON "card_day_count" USING btree ("hold_id","day" DESC NULLS FIRST,"patrol_sn");
--> statement-breakpoint
-- Hand-edited after drizzle-kit generate: card_day_count follows every change of punch through statement triggers,
-- as punch_count does. A statement's inserted (+1) and removed (-1) punches are netted per local day (in the zone
-- card_day_zone names), card and organisation and applied in one upsert, in key order (concurrent uploads lock the
-- same rows in the same order); rows that fall to 0 are then removed, so every row stands for punches and the
-- number of (day, card) rows of a list is a count of index entries. The zone starts as the default TZ_NAME;
-- start-up rebuilds the counts when the configured zone differs (src/db/card-days.ts).
INSERT INTO "card_day_zone" ("one", "tz") VALUES (true, 'Asia/Shanghai');
--> statement-breakpoint
CREATE FUNCTION "card_day_count_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	zone text := (SELECT "tz" FROM "card_day_zone");
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "card_day_count" ("day", "patrol_sn", "hold_id", "n")
		SELECT ("punch_time" AT TIME ZONE zone)::date, "patrol_sn", "hold_id", count(*)
		FROM "new_rows" GROUP BY 1, 2, 3 ORDER BY 1 DESC, 2, 3
		ON CONFLICT ("day", "patrol_sn", "hold_id") DO UPDATE SET "n" = "card_day_count"."n" + excluded."n";
		RETURN NULL;
	ELSIF TG_OP = 'UPDATE' THEN
		INSERT INTO "card_day_count" ("day", "patrol_sn", "hold_id", "n")
		SELECT "day", "patrol_sn", "hold_id", sum("n") FROM (
			SELECT ("punch_time" AT TIME ZONE zone)::date AS "day", "patrol_sn", "hold_id", 1 AS "n" FROM "new_rows"
			UNION ALL
			SELECT ("punch_time" AT TIME ZONE zone)::date, "patrol_sn", "hold_id", -1 FROM "old_rows"
		) "change"
		GROUP BY 1, 2, 3 HAVING sum("n") <> 0 ORDER BY 1 DESC, 2, 3
		ON CONFLICT ("day", "patrol_sn", "hold_id") DO UPDATE SET "n" = "card_day_count"."n" + excluded."n";
	ELSE
		INSERT INTO "card_day_count" ("day", "patrol_sn", "hold_id", "n")
		SELECT ("punch_time" AT TIME ZONE zone)::date, "patrol_sn", "hold_id", -count(*)
		FROM "old_rows" GROUP BY 1, 2, 3 ORDER BY 1 DESC, 2, 3
		ON CONFLICT ("day", "patrol_sn", "hold_id") DO UPDATE SET "n" = "card_day_count"."n" + excluded."n";
	END IF;
	-- Only rows this statement lowered can have reached 0; it holds their locks already.
	DELETE FROM "card_day_count" "c"
	USING (SELECT DISTINCT ("punch_time" AT TIME ZONE zone)::date AS "day", "patrol_sn", "hold_id" FROM "old_rows") "o"
	WHERE "c"."day" = "o"."day" AND "c"."patrol_sn" = "o"."patrol_sn" AND "c"."hold_id" = "o"."hold_id" AND "c"."n" <= 0;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "card_day_count_insert" AFTER INSERT ON "punch" REFERENCING NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "card_day_count_apply"();
--> statement-breakpoint
CREATE TRIGGER "card_day_count_delete" AFTER DELETE ON "punch" REFERENCING OLD TABLE AS "old_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "card_day_count_apply"();
--> statement-breakpoint
CREATE TRIGGER "card_day_count_update" AFTER UPDATE ON "punch"
	REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "card_day_count_apply"();
--> statement-breakpoint
INSERT INTO "card_day_count" ("day", "patrol_sn", "hold_id", "n")
SELECT ("punch_time" AT TIME ZONE 'Asia/Shanghai')::date, "patrol_sn", "hold_id", count(*)
FROM "punch" GROUP BY 1, 2, 3;
