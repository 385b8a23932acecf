CREATE TABLE "app_setting" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "export_file" (
	"file_name" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"hold_id" integer NOT NULL,
	"title" text NOT NULL,
	"row_count" integer NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "export_file" ADD CONSTRAINT "export_file_user_id_account_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."account"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "export_file_expires_idx" ON "export_file" USING btree ("expires_at");