CREATE TABLE "roster_duty" (
	"user_id" integer NOT NULL,
	"duty_date" date NOT NULL,
	"shift_id" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"grace_minutes" smallint DEFAULT 0 NOT NULL,
	"on_duty_time" timestamp with time zone,
	"off_duty_time" timestamp with time zone,
	"on_lat" double precision,
	"on_lng" double precision,
	"off_lat" double precision,
	"off_lng" double precision,
	CONSTRAINT "roster_duty_user_id_duty_date_pk" PRIMARY KEY("user_id","duty_date")
);
--> statement-breakpoint
CREATE TABLE "shift" (
	"shift_id" serial PRIMARY KEY NOT NULL,
	"hold_id" integer NOT NULL,
	"shift_name" text NOT NULL,
	"start_minute" smallint NOT NULL,
	"end_minute" smallint NOT NULL,
	"grace_minutes" smallint DEFAULT 0 NOT NULL,
	"color" text DEFAULT '#1677FF' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "patrol_round" ADD COLUMN "shift_id" integer;--> statement-breakpoint
ALTER TABLE "patrol_round" ADD COLUMN "responsible_users" integer[] DEFAULT '{}'::int[] NOT NULL;--> statement-breakpoint
ALTER TABLE "road" ADD COLUMN "walker_mode" text DEFAULT 'accounts' NOT NULL;--> statement-breakpoint
ALTER TABLE "road" ADD COLUMN "shift_id" integer;--> statement-breakpoint
ALTER TABLE "task" ADD COLUMN "walker_mode" text DEFAULT 'accounts' NOT NULL;--> statement-breakpoint
ALTER TABLE "task" ADD COLUMN "shift_id" integer;--> statement-breakpoint
ALTER TABLE "roster_duty" ADD CONSTRAINT "roster_duty_user_id_account_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."account"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_duty" ADD CONSTRAINT "roster_duty_shift_id_shift_shift_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shift"("shift_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift" ADD CONSTRAINT "shift_hold_id_hold_hold_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."hold"("hold_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "roster_duty_shift_day_idx" ON "roster_duty" USING btree ("shift_id","duty_date");--> statement-breakpoint
CREATE INDEX "roster_duty_waiting_idx" ON "roster_duty" USING btree ("window_start") WHERE "roster_duty"."on_duty_time" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "shift_hold_name_live_idx" ON "shift" USING btree ("hold_id","shift_name") WHERE "shift"."deleted_at" is null;