CREATE TABLE "hazard_tally" (
	"hold_id" integer NOT NULL,
	"state" smallint NOT NULL,
	"level" smallint NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "hazard_tally_hold_id_state_level_pk" PRIMARY KEY("hold_id","state","level")
);
--> statement-breakpoint
CREATE INDEX "hazard_time_idx" ON "hazard" USING btree ("found_time" DESC NULLS LAST,"hazard_id" DESC NULLS LAST);--> statement-breakpoint
-- Hand-edited after drizzle-kit generate: hazard_tally follows every change of hazard through statement triggers
-- (as punch_count, migration 0005): a hazard filed adds one to its organisation, state and level; a move takes one
-- from where it was and adds one where it is (an update that changes none of the three — one more occurrence —
-- writes nothing); rows written in key order so concurrent statements lock the same rows in the same order.
CREATE FUNCTION "hazard_tally_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "hazard_tally" ("hold_id", "state", "level", "n")
		SELECT "hold_id", "state", "level", count(*) FROM "new_rows" GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
		ON CONFLICT ("hold_id", "state", "level") DO UPDATE SET "n" = "hazard_tally"."n" + excluded."n";
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO "hazard_tally" ("hold_id", "state", "level", "n")
		SELECT "hold_id", "state", "level", -count(*) FROM "old_rows" GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
		ON CONFLICT ("hold_id", "state", "level") DO UPDATE SET "n" = "hazard_tally"."n" + excluded."n";
	ELSE
		INSERT INTO "hazard_tally" ("hold_id", "state", "level", "n")
		SELECT "hold_id", "state", "level", sum("d") FROM (
			SELECT n."hold_id", n."state", n."level", 1 AS "d"
			FROM "new_rows" n JOIN "old_rows" o ON o."hazard_id" = n."hazard_id"
			WHERE (n."hold_id", n."state", n."level") IS DISTINCT FROM (o."hold_id", o."state", o."level")
			UNION ALL
			SELECT o."hold_id", o."state", o."level", -1
			FROM "new_rows" n JOIN "old_rows" o ON o."hazard_id" = n."hazard_id"
			WHERE (n."hold_id", n."state", n."level") IS DISTINCT FROM (o."hold_id", o."state", o."level")
		) c GROUP BY 1, 2, 3 HAVING sum("d") <> 0 ORDER BY 1, 2, 3
		ON CONFLICT ("hold_id", "state", "level") DO UPDATE SET "n" = "hazard_tally"."n" + excluded."n";
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "hazard_tally_insert" AFTER INSERT ON "hazard" REFERENCING NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "hazard_tally_apply"();
--> statement-breakpoint
CREATE TRIGGER "hazard_tally_delete" AFTER DELETE ON "hazard" REFERENCING OLD TABLE AS "old_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "hazard_tally_apply"();
--> statement-breakpoint
CREATE TRIGGER "hazard_tally_update" AFTER UPDATE ON "hazard"
	REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "hazard_tally_apply"();
--> statement-breakpoint
-- TRUNCATE fires no row triggers: the tally goes with the hazards.
CREATE FUNCTION "hazard_tally_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	TRUNCATE "hazard_tally";
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "hazard_tally_truncate" AFTER TRUNCATE ON "hazard"
	FOR EACH STATEMENT EXECUTE FUNCTION "hazard_tally_clear"();
--> statement-breakpoint
INSERT INTO "hazard_tally" ("hold_id", "state", "level", "n")
SELECT "hold_id", "state", "level", count(*) FROM "hazard" GROUP BY 1, 2, 3;
