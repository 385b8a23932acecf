CREATE TABLE "punch_count" (
	"hold_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "punch_count_hold_id_bucket_pk" PRIMARY KEY("hold_id","bucket")
);
--> statement-breakpoint
-- Hand-edited after drizzle-kit generate: punch_count follows every change of punch through statement triggers
-- (one aggregate row per organisation and bucket touched, written in key order so concurrent uploads lock the
-- same rows in the same order), then is filled from the punches already stored.
CREATE FUNCTION "punch_count_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		INSERT INTO "punch_count" ("hold_id", "bucket", "n")
		SELECT "hold_id", date_bin('15 minutes', "punch_time", TIMESTAMPTZ '2000-01-01 00:00:00+00'), count(*)
		FROM "new_rows" GROUP BY 1, 2 ORDER BY 1, 2
		ON CONFLICT ("hold_id", "bucket") DO UPDATE SET "n" = "punch_count"."n" + excluded."n";
	END IF;
	IF TG_OP IN ('DELETE', 'UPDATE') THEN
		INSERT INTO "punch_count" ("hold_id", "bucket", "n")
		SELECT "hold_id", date_bin('15 minutes', "punch_time", TIMESTAMPTZ '2000-01-01 00:00:00+00'), -count(*)
		FROM "old_rows" GROUP BY 1, 2 ORDER BY 1, 2
		ON CONFLICT ("hold_id", "bucket") DO UPDATE SET "n" = "punch_count"."n" + excluded."n";
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "punch_count_insert" AFTER INSERT ON "punch" REFERENCING NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "punch_count_apply"();
--> statement-breakpoint
CREATE TRIGGER "punch_count_delete" AFTER DELETE ON "punch" REFERENCING OLD TABLE AS "old_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "punch_count_apply"();
--> statement-breakpoint
CREATE TRIGGER "punch_count_update" AFTER UPDATE ON "punch"
	REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "punch_count_apply"();
--> statement-breakpoint
INSERT INTO "punch_count" ("hold_id", "bucket", "n")
SELECT "hold_id", date_bin('15 minutes', "punch_time", TIMESTAMPTZ '2000-01-01 00:00:00+00'), count(*)
FROM "punch" GROUP BY 1, 2;
