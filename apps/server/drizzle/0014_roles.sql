CREATE TABLE "role" (
	"role_id" serial PRIMARY KEY NOT NULL,
	"hold_id" integer NOT NULL,
	"role_name" text NOT NULL,
	"builtin" boolean DEFAULT false NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
INSERT INTO "role" ("role_id", "hold_id", "role_name", "builtin") VALUES (1, 1, '管理员', true), (2, 1, '主管', true), (3, 1, '巡检员', true), (4, 1, '只读', true);--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('role', 'role_id'), 4);
--> statement-breakpoint
ALTER TABLE "account" ADD COLUMN "role_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "client" text DEFAULT 'console' NOT NULL;--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "device_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "role_name_live_idx" ON "role" USING btree ("hold_id","role_name") WHERE "role"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_role_id_role_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."role"("role_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_role_idx" ON "account" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "session_device_idx" ON "session" USING btree ("device_id") WHERE "session"."device_id" is not null;