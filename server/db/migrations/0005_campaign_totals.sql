CREATE TABLE "campaign_day_offer_totals" (
	"date" date NOT NULL,
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
CREATE TABLE "campaign_day_totals" (
	"date" date NOT NULL,
	"creator_id" text NOT NULL,
	"manager_id" text,
	"spent" numeric DEFAULT '0' NOT NULL,
	"revenue" numeric DEFAULT '0' NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"installations" bigint DEFAULT 0 NOT NULL,
	"registrations" bigint DEFAULT 0 NOT NULL,
	"deposits" bigint DEFAULT 0 NOT NULL,
	"campaigns" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_month_totals" (
	"month" date NOT NULL,
	"creator_id" text NOT NULL,
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
CREATE UNIQUE INDEX "campaign_day_offer_totals_key" ON "campaign_day_offer_totals" USING btree ("date",coalesce("offer_id", '00000000-0000-0000-0000-000000000000'::uuid));--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_day_totals_key" ON "campaign_day_totals" USING btree ("date","creator_id",coalesce("manager_id", ''));--> statement-breakpoint
CREATE INDEX "campaign_day_totals_creator_idx" ON "campaign_day_totals" USING btree ("creator_id","date");--> statement-breakpoint
CREATE INDEX "campaign_day_totals_manager_idx" ON "campaign_day_totals" USING btree ("manager_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_month_totals_key" ON "campaign_month_totals" USING btree ("month","creator_id",coalesce("manager_id", ''),coalesce("offer_id", '00000000-0000-0000-0000-000000000000'::uuid));--> statement-breakpoint
CREATE INDEX "campaign_month_totals_creator_idx" ON "campaign_month_totals" USING btree ("creator_id","month");--> statement-breakpoint
CREATE INDEX "campaign_month_totals_manager_idx" ON "campaign_month_totals" USING btree ("manager_id","month");--> statement-breakpoint
CREATE INDEX "campaigns_manager_spent_idx" ON "campaigns" USING btree ("manager_id","spent","date","created_at","id");--> statement-breakpoint
CREATE INDEX "campaigns_manager_revenue_idx" ON "campaigns" USING btree ("manager_id","deposit_payment","date","created_at","id");--> statement-breakpoint
CREATE INDEX "campaigns_manager_profit_idx" ON "campaigns" USING btree ("manager_id","profit","date","created_at","id");--> statement-breakpoint
CREATE INDEX "campaigns_manager_roi_idx" ON "campaigns" USING btree ("manager_id","roi","date","created_at","id");--> statement-breakpoint
CREATE INDEX "campaigns_manager_epc_idx" ON "campaigns" USING btree ("manager_id","epc","date","created_at","id");--> statement-breakpoint
CREATE INDEX "campaigns_creator_date_idx" ON "campaigns" USING btree ("creator_id","date","created_at","id");--> statement-breakpoint
CREATE INDEX "campaigns_manager_date_idx" ON "campaigns" USING btree ("manager_id","date","created_at","id");--> statement-breakpoint
CREATE INDEX "campaigns_date_idx" ON "campaigns" USING btree ("date","created_at","id");