CREATE TABLE "patrol_round" (
	"round_id" bigserial PRIMARY KEY NOT NULL,
	"road_id" integer NOT NULL,
	"task_id" integer,
	"hold_id" integer NOT NULL,
	"round_date" date NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"expected_cards" integer[] NOT NULL,
	"walker_users" integer[] DEFAULT '{}'::int[] NOT NULL,
	"walker_device" integer,
	"checked_cards" integer[] DEFAULT '{}'::int[] NOT NULL,
	"result" smallint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "punch" (
	"punch_id" bigserial NOT NULL,
	"device_no" text NOT NULL,
	"patrol_sn" text NOT NULL,
	"punch_time" timestamp with time zone NOT NULL,
	"upload_time" timestamp with time zone NOT NULL,
	"hold_id" integer NOT NULL,
	"hold_name" text DEFAULT '' NOT NULL,
	"object_id" integer,
	"object_name" text DEFAULT '' NOT NULL,
	"patrol_id" integer,
	"patrol_name" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"user_id" integer,
	"user_name" text DEFAULT '' NOT NULL,
	"true_name" text DEFAULT '' NOT NULL,
	"road_id" integer,
	"road_name" text DEFAULT '' NOT NULL,
	CONSTRAINT "punch_device_no_patrol_sn_punch_time_pk" PRIMARY KEY("device_no","patrol_sn","punch_time")
) PARTITION BY RANGE ("punch_time");
--> statement-breakpoint
-- Hand-edited after drizzle-kit generate: punches are partitioned by month of punch_time (UTC months);
-- the upload makes each month's partition before its rows arrive, the default one only catches strays.
CREATE TABLE "punch_default" PARTITION OF "punch" DEFAULT;
--> statement-breakpoint
CREATE TABLE "road" (
	"road_id" serial PRIMARY KEY NOT NULL,
	"hold_id" integer NOT NULL,
	"road_name" text NOT NULL,
	"cycle_repeat_type" smallint DEFAULT 1 NOT NULL,
	"cycle_items" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"start_minute" smallint,
	"end_minute" smallint,
	"remark" text DEFAULT '' NOT NULL,
	"closed_at" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "road_account" (
	"road_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "road_account_road_id_user_id_pk" PRIMARY KEY("road_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "road_card" (
	"road_id" integer NOT NULL,
	"patrol_id" integer NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "road_card_road_id_patrol_id_pk" PRIMARY KEY("road_id","patrol_id")
);
--> statement-breakpoint
CREATE TABLE "task" (
	"task_id" serial PRIMARY KEY NOT NULL,
	"hold_id" integer NOT NULL,
	"task_name" text NOT NULL,
	"road_id" integer NOT NULL,
	"object_id" integer NOT NULL,
	"cycle_repeat_mode" smallint DEFAULT 2 NOT NULL,
	"cycle_items" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"single_date" date,
	"start_minute" smallint,
	"end_minute" smallint,
	"expire_date" date,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "patrol_round" ADD CONSTRAINT "patrol_round_road_id_road_road_id_fk" FOREIGN KEY ("road_id") REFERENCES "public"."road"("road_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_round" ADD CONSTRAINT "patrol_round_task_id_task_task_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."task"("task_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "road" ADD CONSTRAINT "road_hold_id_hold_hold_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."hold"("hold_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "road_account" ADD CONSTRAINT "road_account_road_id_road_road_id_fk" FOREIGN KEY ("road_id") REFERENCES "public"."road"("road_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "road_account" ADD CONSTRAINT "road_account_user_id_account_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."account"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "road_card" ADD CONSTRAINT "road_card_road_id_road_road_id_fk" FOREIGN KEY ("road_id") REFERENCES "public"."road"("road_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "road_card" ADD CONSTRAINT "road_card_patrol_id_patrol_card_patrol_id_fk" FOREIGN KEY ("patrol_id") REFERENCES "public"."patrol_card"("patrol_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task" ADD CONSTRAINT "task_hold_id_hold_hold_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."hold"("hold_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task" ADD CONSTRAINT "task_road_id_road_road_id_fk" FOREIGN KEY ("road_id") REFERENCES "public"."road"("road_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task" ADD CONSTRAINT "task_object_id_device_object_id_fk" FOREIGN KEY ("object_id") REFERENCES "public"."device"("object_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "patrol_round_road_day_idx" ON "patrol_round" USING btree ("road_id","round_date") WHERE "patrol_round"."task_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "patrol_round_task_day_idx" ON "patrol_round" USING btree ("task_id","round_date") WHERE "patrol_round"."task_id" is not null;--> statement-breakpoint
CREATE INDEX "patrol_round_window_idx" ON "patrol_round" USING btree ("window_start","window_end");--> statement-breakpoint
CREATE INDEX "patrol_round_hold_day_idx" ON "patrol_round" USING btree ("hold_id","round_date");--> statement-breakpoint
CREATE INDEX "punch_hold_time_idx" ON "punch" USING btree ("hold_id","punch_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "punch_time_idx" ON "punch" USING btree ("punch_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "punch_card_time_idx" ON "punch" USING btree ("patrol_sn","punch_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "punch_user_time_idx" ON "punch" USING btree ("user_id","punch_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "road_hold_time_idx" ON "road" USING btree ("hold_id","create_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "road_account_user_idx" ON "road_account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "road_card_patrol_idx" ON "road_card" USING btree ("patrol_id");--> statement-breakpoint
CREATE INDEX "task_hold_time_idx" ON "task" USING btree ("hold_id","create_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "task_road_idx" ON "task" USING btree ("road_id");--> statement-breakpoint
CREATE INDEX "task_device_idx" ON "task" USING btree ("object_id");