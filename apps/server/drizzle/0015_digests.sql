CREATE TABLE "digest" (
	"digest_id" serial PRIMARY KEY NOT NULL,
	"hold_id" integer NOT NULL,
	"digest_name" text NOT NULL,
	"include_children" boolean DEFAULT true NOT NULL,
	"frequency" text NOT NULL,
	"weekday" smallint,
	"send_time" text NOT NULL,
	"sections" text[] NOT NULL,
	"emails" text[] DEFAULT '{}'::text[] NOT NULL,
	"hook_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"due_from" timestamp with time zone NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "digest_delivery" (
	"delivery_id" bigserial PRIMARY KEY NOT NULL,
	"send_id" bigint NOT NULL,
	"digest_id" integer NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"hook_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"tries" smallint DEFAULT 0 NOT NULL,
	"next_try_time" timestamp with time zone,
	"error" text DEFAULT '' NOT NULL,
	"sent_time" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "digest_send" (
	"send_id" bigserial PRIMARY KEY NOT NULL,
	"digest_id" integer NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"manual" boolean DEFAULT false NOT NULL,
	"skipped" boolean DEFAULT false NOT NULL,
	"data" jsonb,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "digest" ADD CONSTRAINT "digest_hold_id_hold_hold_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."hold"("hold_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "digest_hold_idx" ON "digest" USING btree ("hold_id");--> statement-breakpoint
CREATE UNIQUE INDEX "digest_delivery_recipient_idx" ON "digest_delivery" USING btree ("send_id","channel","recipient");--> statement-breakpoint
CREATE INDEX "digest_delivery_due_idx" ON "digest_delivery" USING btree ("next_try_time") WHERE "digest_delivery"."next_try_time" is not null;--> statement-breakpoint
CREATE INDEX "digest_delivery_digest_idx" ON "digest_delivery" USING btree ("digest_id","delivery_id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "digest_send_period_idx" ON "digest_send" USING btree ("digest_id","period_start") WHERE not "digest_send"."manual";--> statement-breakpoint
CREATE INDEX "digest_send_digest_idx" ON "digest_send" USING btree ("digest_id","create_time" DESC NULLS LAST);