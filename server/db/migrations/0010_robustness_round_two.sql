ALTER TABLE "payment_statements" ALTER COLUMN "total_spent" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "payment_statements" ALTER COLUMN "total_spent" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "payment_statements" ALTER COLUMN "total_revenue" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "payment_statements" ALTER COLUMN "total_revenue" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "payment_statements" ALTER COLUMN "total_profit" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "payment_statements" ALTER COLUMN "total_profit" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "payment_statements" ALTER COLUMN "roi_achieved" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "payment_statements" ALTER COLUMN "roi_achieved" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "payment_statements" ALTER COLUMN "amount_due" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "payment_statements" ALTER COLUMN "amount_due" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "full_access" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_status_changes" ADD COLUMN "seq" bigint;--> statement-breakpoint
UPDATE "payment_status_changes" AS p SET "seq" = o.n FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", "id") AS n FROM "payment_status_changes") AS o WHERE p."id" = o."id";--> statement-breakpoint
ALTER TABLE "payment_status_changes" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_status_changes" ALTER COLUMN "seq" ADD GENERATED ALWAYS AS IDENTITY (sequence name "payment_status_changes_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('"payment_status_changes"', 'seq'), coalesce(max("seq"), 0) + 1, false) FROM "payment_status_changes";--> statement-breakpoint
UPDATE "api_tokens" SET "revoked_at" = now() WHERE "revoked_at" IS NULL AND "user_id" IN (SELECT "id" FROM "users" WHERE "deactivated_at" IS NOT NULL);--> statement-breakpoint
UPDATE "api_tokens" SET "expires_at" = now() + interval '90 days' WHERE "expires_at" IS NULL AND "revoked_at" IS NULL;--> statement-breakpoint
CREATE INDEX "payment_status_changes_statement_seq_idx" ON "payment_status_changes" USING btree ("statement_id","seq");