CREATE TABLE "device" (
	"object_id" serial PRIMARY KEY NOT NULL,
	"hold_id" integer NOT NULL,
	"device_no" text NOT NULL,
	"object_name" text DEFAULT '' NOT NULL,
	"object_type" smallint DEFAULT 1 NOT NULL,
	"imei" text DEFAULT '' NOT NULL,
	"sim" text DEFAULT '' NOT NULL,
	"iccid" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"last_upload_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "patrol_card" (
	"patrol_id" serial PRIMARY KEY NOT NULL,
	"hold_id" integer NOT NULL,
	"patrol_sn" text NOT NULL,
	"patrol_name" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "upload" (
	"file_name" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"original_name" text DEFAULT '' NOT NULL,
	"size" integer NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device" ADD CONSTRAINT "device_hold_id_hold_hold_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."hold"("hold_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_card" ADD CONSTRAINT "patrol_card_hold_id_hold_hold_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."hold"("hold_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload" ADD CONSTRAINT "upload_user_id_account_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."account"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "device_no_live_idx" ON "device" USING btree (upper("device_no")) WHERE "device"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "device_hold_time_idx" ON "device" USING btree ("hold_id","create_time" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "patrol_card_sn_live_idx" ON "patrol_card" USING btree (upper("patrol_sn")) WHERE "patrol_card"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "patrol_card_hold_time_idx" ON "patrol_card" USING btree ("hold_id","create_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "upload_time_idx" ON "upload" USING btree ("create_time");