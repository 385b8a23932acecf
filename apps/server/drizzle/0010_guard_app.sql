CREATE TABLE "photo" (
	"photo_id" bigserial PRIMARY KEY NOT NULL,
	"hold_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"stored_name" text NOT NULL,
	"mime" text NOT NULL,
	"bytes" integer NOT NULL,
	"device_no" text,
	"patrol_sn" text,
	"punch_time" timestamp with time zone,
	"punch_hold_id" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "punch" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "punch" ADD COLUMN "photo_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL;--> statement-breakpoint
CREATE INDEX "photo_user_idx" ON "photo" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "punch_event_idx" ON "punch" USING btree ("hold_id","punch_time","punch_id") WHERE "punch"."note" <> '' or cardinality("punch"."photo_ids") > 0;