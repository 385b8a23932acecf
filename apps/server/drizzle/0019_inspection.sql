CREATE TABLE "checklist" (
	"checklist_id" serial PRIMARY KEY NOT NULL,
	"hold_id" integer NOT NULL,
	"checklist_name" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "checklist_item" (
	"item_id" serial PRIMARY KEY NOT NULL,
	"checklist_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"text" text NOT NULL,
	"kind" smallint NOT NULL,
	"required" boolean DEFAULT true NOT NULL,
	"critical" boolean DEFAULT false NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"min" double precision,
	"max" double precision,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "hazard" (
	"hazard_id" serial PRIMARY KEY NOT NULL,
	"hold_id" integer NOT NULL,
	"patrol_id" integer NOT NULL,
	"patrol_name" text DEFAULT '' NOT NULL,
	"patrol_sn" text DEFAULT '' NOT NULL,
	"item_id" integer NOT NULL,
	"item_text" text NOT NULL,
	"answer" text NOT NULL,
	"level" smallint DEFAULT 1 NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"found_time" timestamp with time zone NOT NULL,
	"found_by" text DEFAULT '' NOT NULL,
	"punch_id" bigint,
	"photo_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"occurrences" integer DEFAULT 1 NOT NULL,
	"last_time" timestamp with time zone NOT NULL,
	"last_punch_id" bigint,
	"assignee_id" integer,
	"deadline" timestamp with time zone,
	"closed_time" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hazard_history" (
	"line_id" bigserial PRIMARY KEY NOT NULL,
	"hazard_id" integer NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"actor" text NOT NULL,
	"actor_id" integer,
	"from_state" smallint,
	"to_state" smallint NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"photo_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "punch_answer" (
	"answer_id" bigserial PRIMARY KEY NOT NULL,
	"punch_id" bigint NOT NULL,
	"device_no" text NOT NULL,
	"patrol_sn" text NOT NULL,
	"punch_time" timestamp with time zone NOT NULL,
	"hold_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"item_text" text NOT NULL,
	"kind" smallint NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"min" double precision,
	"max" double precision,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"option" text DEFAULT '' NOT NULL,
	"photo_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"abnormal" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "patrol_card" ADD COLUMN "checklist_id" integer;--> statement-breakpoint
ALTER TABLE "punch" ADD COLUMN "check_result" smallint;--> statement-breakpoint
ALTER TABLE "checklist" ADD CONSTRAINT "checklist_hold_id_hold_hold_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."hold"("hold_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_item" ADD CONSTRAINT "checklist_item_checklist_id_checklist_checklist_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."checklist"("checklist_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checklist_hold_idx" ON "checklist" USING btree ("hold_id");--> statement-breakpoint
CREATE INDEX "checklist_item_list_idx" ON "checklist_item" USING btree ("checklist_id","position");--> statement-breakpoint
CREATE INDEX "hazard_hold_time_idx" ON "hazard" USING btree ("hold_id","found_time" DESC NULLS LAST,"hazard_id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "hazard_open_item_idx" ON "hazard" USING btree ("patrol_id","item_id") WHERE "hazard"."state" in (0, 1, 2);--> statement-breakpoint
CREATE INDEX "hazard_assignee_idx" ON "hazard" USING btree ("assignee_id") WHERE "hazard"."state" = 1;--> statement-breakpoint
CREATE INDEX "hazard_deadline_idx" ON "hazard" USING btree ("deadline") WHERE "hazard"."state" = 1;--> statement-breakpoint
CREATE INDEX "hazard_history_hazard_idx" ON "hazard_history" USING btree ("hazard_id","line_id");--> statement-breakpoint
CREATE INDEX "punch_answer_punch_idx" ON "punch_answer" USING btree ("punch_id");