CREATE TABLE "campaign_totals" (
	"grain" smallint NOT NULL,
	"period" date NOT NULL,
	"creator_id" text,
	"manager_id" text,
	"offer_id" uuid,
	"spent" numeric DEFAULT '0' NOT NULL,
	"revenue" numeric DEFAULT '0' NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"installations" bigint DEFAULT 0 NOT NULL,
	"registrations" bigint DEFAULT 0 NOT NULL,
	"deposits" bigint DEFAULT 0 NOT NULL,
	"campaigns" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "campaigns_creator_date_idx";--> statement-breakpoint
DROP INDEX "campaigns_manager_date_idx";--> statement-breakpoint
DROP INDEX "campaigns_date_idx";--> statement-breakpoint
CREATE INDEX "campaigns_manager_spent_idx" ON "campaigns" USING btree ("manager_id","spent","date","created_at","id");--> statement-breakpoint
CREATE INDEX "campaigns_manager_revenue_idx" ON "campaigns" USING btree ("manager_id","deposit_payment","date","created_at","id");--> statement-breakpoint
CREATE INDEX "campaigns_manager_profit_idx" ON "campaigns" USING btree ("manager_id","profit","date","created_at","id");--> statement-breakpoint
CREATE INDEX "campaigns_manager_roi_idx" ON "campaigns" USING btree ("manager_id","roi","date","created_at","id");--> statement-breakpoint
CREATE INDEX "campaigns_manager_epc_idx" ON "campaigns" USING btree ("manager_id","epc","date","created_at","id");--> statement-breakpoint
CREATE INDEX "campaigns_creator_date_idx" ON "campaigns" USING btree ("creator_id","date","created_at","id");--> statement-breakpoint
CREATE INDEX "campaigns_manager_date_idx" ON "campaigns" USING btree ("manager_id","date","created_at","id");--> statement-breakpoint
CREATE INDEX "campaigns_date_idx" ON "campaigns" USING btree ("date","created_at","id");