DROP INDEX "punch_hold_time_idx";--> statement-breakpoint
DROP INDEX "punch_time_idx";--> statement-breakpoint
CREATE INDEX "punch_hold_time_id_idx" ON "punch" USING btree ("hold_id","punch_time","punch_id");--> statement-breakpoint
CREATE INDEX "punch_time_id_idx" ON "punch" USING btree ("punch_time","punch_id");