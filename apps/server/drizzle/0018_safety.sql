CREATE TABLE "check_in" (
	"checkin_id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"hold_id" integer NOT NULL,
	"device_no" text NOT NULL,
	"checkin_time" timestamp with time zone NOT NULL,
	"upload_time" timestamp with time zone NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"accuracy" real
);
--> statement-breakpoint
CREATE TABLE "sos_press" (
	"user_id" integer NOT NULL,
	"sos_id" text NOT NULL,
	"alert_id" bigint NOT NULL,
	"device_no" text NOT NULL,
	"press_time" timestamp with time zone NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"accuracy" real,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sos_press_user_id_sos_id_pk" PRIMARY KEY("user_id","sos_id")
);
--> statement-breakpoint
ALTER TABLE "hold" ADD COLUMN "checkin_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "hold" ADD COLUMN "checkin_minutes" smallint;--> statement-breakpoint
ALTER TABLE "hold" ADD COLUMN "checkin_grace" smallint;--> statement-breakpoint
ALTER TABLE "patrol_card" ADD COLUMN "lat" double precision;--> statement-breakpoint
ALTER TABLE "patrol_card" ADD COLUMN "lng" double precision;--> statement-breakpoint
ALTER TABLE "patrol_card" ADD COLUMN "radius" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "punch" ADD COLUMN "lat" double precision;--> statement-breakpoint
ALTER TABLE "punch" ADD COLUMN "lng" double precision;--> statement-breakpoint
ALTER TABLE "punch" ADD COLUMN "accuracy" real;--> statement-breakpoint
ALTER TABLE "punch" ADD COLUMN "distance_m" integer;--> statement-breakpoint
ALTER TABLE "alert" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "alert" ADD COLUMN "lat" double precision;--> statement-breakpoint
ALTER TABLE "alert" ADD COLUMN "lng" double precision;--> statement-breakpoint
ALTER TABLE "alert" ADD COLUMN "accuracy" real;--> statement-breakpoint
ALTER TABLE "alert" ADD COLUMN "press_count" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "alert" ADD COLUMN "responded_by" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "alert" ADD COLUMN "responded_time" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "check_in_user_time_idx" ON "check_in" USING btree ("user_id","checkin_time");--> statement-breakpoint
CREATE INDEX "alert_user_open_idx" ON "alert" USING btree ("user_id","kind") WHERE "alert"."user_id" is not null and "alert"."state" <> 1;