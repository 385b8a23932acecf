CREATE TABLE "account" (
	"user_id" serial PRIMARY KEY NOT NULL,
	"hold_id" integer NOT NULL,
	"user_name" text NOT NULL,
	"true_name" text DEFAULT '' NOT NULL,
	"password_hash" text NOT NULL,
	"default_password" boolean DEFAULT false NOT NULL,
	"hold_admin" boolean DEFAULT false NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "hold" (
	"hold_id" serial PRIMARY KEY NOT NULL,
	"hold_name" text NOT NULL,
	"hold_type" smallint NOT NULL,
	"parent_hold_id" integer,
	"path" text NOT NULL,
	"contacts" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"vip_end_time" date,
	"remark" text DEFAULT '' NOT NULL,
	"enter_user_name" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "session" (
	"session_id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"hold_id" integer NOT NULL,
	"remember" boolean DEFAULT false NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_log" (
	"log_id" bigserial PRIMARY KEY NOT NULL,
	"log_type" smallint NOT NULL,
	"hold_id" integer NOT NULL,
	"hold_name" text DEFAULT '' NOT NULL,
	"user_id" integer,
	"user_name" text DEFAULT '' NOT NULL,
	"true_name" text DEFAULT '' NOT NULL,
	"device_no" text DEFAULT '' NOT NULL,
	"log_content" text DEFAULT '' NOT NULL,
	"outcome" text,
	"ip" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_hold_id_hold_hold_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."hold"("hold_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_account_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."account"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_user_name_live_idx" ON "account" USING btree (lower("user_name")) WHERE "account"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "account_hold_idx" ON "account" USING btree ("hold_id");--> statement-breakpoint
CREATE INDEX "hold_path_idx" ON "hold" USING btree ("path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "hold_parent_idx" ON "hold" USING btree ("parent_hold_id");--> statement-breakpoint
CREATE UNIQUE INDEX "session_token_idx" ON "session" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "session_user_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sys_log_hold_time_idx" ON "sys_log" USING btree ("hold_id","create_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sys_log_login_attempt_idx" ON "sys_log" USING btree (lower("user_name"),"create_time") WHERE "sys_log"."log_type" = 1;