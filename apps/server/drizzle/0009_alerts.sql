CREATE TABLE "alert" (
	"alert_id" bigserial PRIMARY KEY NOT NULL,
	"kind" smallint NOT NULL,
	"subject" text NOT NULL,
	"hold_id" integer NOT NULL,
	"road_id" integer,
	"round_id" bigint,
	"object_id" integer,
	"device_no" text DEFAULT '' NOT NULL,
	"patrol_sn" text DEFAULT '' NOT NULL,
	"detail" text NOT NULL,
	"raised_time" timestamp with time zone NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"handled_by" text DEFAULT '' NOT NULL,
	"handled_time" timestamp with time zone,
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook" (
	"hook_id" serial PRIMARY KEY NOT NULL,
	"hold_id" integer NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"format" text NOT NULL,
	"secret" text DEFAULT '' NOT NULL,
	"kinds" smallint[] DEFAULT '{1,2,3,4}'::smallint[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_delivery" (
	"hook_id" integer NOT NULL,
	"alert_id" bigint NOT NULL,
	"tries" smallint DEFAULT 0 NOT NULL,
	"next_try_time" timestamp with time zone,
	"delivered_time" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_delivery_hook_id_alert_id_pk" PRIMARY KEY("hook_id","alert_id")
);
--> statement-breakpoint
CREATE TABLE "webhook_try" (
	"try_id" bigserial PRIMARY KEY NOT NULL,
	"hook_id" integer NOT NULL,
	"alert_id" bigint NOT NULL,
	"try_no" smallint NOT NULL,
	"status" smallint NOT NULL,
	"ms" integer NOT NULL,
	"sent_time" timestamp with time zone NOT NULL,
	"error" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hold" ADD COLUMN "offline_hours" smallint;--> statement-breakpoint
ALTER TABLE "device" ADD COLUMN "last_road_id" integer;--> statement-breakpoint
ALTER TABLE "device" ADD COLUMN "clock_offset_s" integer;--> statement-breakpoint
ALTER TABLE "punch" ADD COLUMN "flag" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook" ADD CONSTRAINT "webhook_hold_id_hold_hold_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."hold"("hold_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_kind_subject_idx" ON "alert" USING btree ("kind","subject");--> statement-breakpoint
CREATE INDEX "alert_hold_time_idx" ON "alert" USING btree ("hold_id","raised_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "alert_open_idx" ON "alert" USING btree ("hold_id") WHERE "alert"."state" = 0;--> statement-breakpoint
CREATE INDEX "alert_round_idx" ON "alert" USING btree ("round_id") WHERE "alert"."round_id" is not null;--> statement-breakpoint
CREATE INDEX "webhook_hold_idx" ON "webhook" USING btree ("hold_id");--> statement-breakpoint
CREATE INDEX "webhook_delivery_due_idx" ON "webhook_delivery" USING btree ("next_try_time") WHERE "webhook_delivery"."next_try_time" is not null;--> statement-breakpoint
CREATE INDEX "webhook_try_hook_time_idx" ON "webhook_try" USING btree ("hook_id","sent_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "punch_flagged_idx" ON "punch" USING btree ("hold_id","punch_time","punch_id") WHERE "punch"."flag" <> 0;