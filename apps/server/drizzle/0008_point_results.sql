CREATE TABLE "round_point" (
	"round_id" bigint NOT NULL,
	"patrol_id" integer NOT NULL,
	"punch_time" timestamp with time zone NOT NULL,
	"user_id" integer,
	CONSTRAINT "round_point_round_id_patrol_id_pk" PRIMARY KEY("round_id","patrol_id")
);
--> statement-breakpoint
ALTER TABLE "patrol_round" ADD COLUMN "grace_minutes" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "patrol_round" ADD COLUMN "on_time" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "patrol_round" ADD COLUMN "early" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "patrol_round" ADD COLUMN "late" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "patrol_round" ADD COLUMN "punched_users" integer[] DEFAULT '{}'::int[] NOT NULL;--> statement-breakpoint
ALTER TABLE "road" ADD COLUMN "grace_minutes" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "task" ADD COLUMN "grace_minutes" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "patrol_round_unfrozen_idx" ON "patrol_round" USING btree ("window_end") WHERE "patrol_round"."result" is null;--> statement-breakpoint
-- Rounds checked before results were kept: every checked point was checked inside the window (there was no grace).
UPDATE "patrol_round" SET "on_time" = cardinality("checked_cards") WHERE cardinality("checked_cards") > 0;
