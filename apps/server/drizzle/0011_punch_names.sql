CREATE TABLE "punch_device" (
	"device_no" text NOT NULL,
	"object_name" text NOT NULL,
	CONSTRAINT "punch_device_device_no_object_name_pk" PRIMARY KEY("device_no","object_name")
);
--> statement-breakpoint
CREATE TABLE "punch_person" (
	"user_id" integer NOT NULL,
	"user_name" text NOT NULL,
	"true_name" text NOT NULL,
	CONSTRAINT "punch_person_user_id_user_name_true_name_pk" PRIMARY KEY("user_id","user_name","true_name")
);
--> statement-breakpoint
-- The devices and accounts punches carry, each once, kept as punches are stored or changed (in sorted order, so
-- two uploads adding the same new pairs never deadlock). Nothing is removed: the tables only narrow a keyword
-- search to the punches that may match.
CREATE FUNCTION "punch_names_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "punch_device" ("device_no", "object_name")
	SELECT DISTINCT "device_no", "object_name" FROM "new_rows" ORDER BY 1, 2
	ON CONFLICT DO NOTHING;
	INSERT INTO "punch_person" ("user_id", "user_name", "true_name")
	SELECT DISTINCT "user_id", "user_name", "true_name" FROM "new_rows" WHERE "user_id" IS NOT NULL ORDER BY 1, 2, 3
	ON CONFLICT DO NOTHING;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "punch_names_insert" AFTER INSERT ON "punch" REFERENCING NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "punch_names_apply"();
--> statement-breakpoint
CREATE TRIGGER "punch_names_update" AFTER UPDATE ON "punch" REFERENCING NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "punch_names_apply"();
--> statement-breakpoint
INSERT INTO "punch_device" ("device_no", "object_name")
SELECT DISTINCT "device_no", "object_name" FROM "punch" ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "punch_person" ("user_id", "user_name", "true_name")
SELECT DISTINCT "user_id", "user_name", "true_name" FROM "punch" WHERE "user_id" IS NOT NULL ON CONFLICT DO NOTHING;
