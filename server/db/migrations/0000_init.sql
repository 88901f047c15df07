CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"date" date NOT NULL,
	"offer_id" uuid,
	"creator_id" text NOT NULL,
	"manager_id" text,
	"spent" numeric(14, 2) DEFAULT '0' NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"installations" integer DEFAULT 0 NOT NULL,
	"registrations" integer DEFAULT 0 NOT NULL,
	"deposits" integer DEFAULT 0 NOT NULL,
	"deposit_payment" numeric(14, 2) DEFAULT '0' NOT NULL,
	"profit" numeric(14, 2) GENERATED ALWAYS AS (deposit_payment - spent) STORED NOT NULL,
	"roi" numeric(20, 4) GENERATED ALWAYS AS (case when spent = 0 then 0 else round(((deposit_payment - spent))::numeric * 100 / spent, 4) end) STORED NOT NULL,
	"epc" numeric(20, 4) GENERATED ALWAYS AS (case when clicks = 0 then 0 else round((deposit_payment)::numeric * 1 / clicks, 4) end) STORED NOT NULL,
	"click_price" numeric(20, 4) GENERATED ALWAYS AS (case when clicks = 0 then 0 else round((spent)::numeric * 1 / clicks, 4) end) STORED NOT NULL,
	"install_price" numeric(20, 4) GENERATED ALWAYS AS (case when installations = 0 then 0 else round((spent)::numeric * 1 / installations, 4) end) STORED NOT NULL,
	"reg_price" numeric(20, 4) GENERATED ALWAYS AS (case when registrations = 0 then 0 else round((spent)::numeric * 1 / registrations, 4) end) STORED NOT NULL,
	"dep_price" numeric(20, 4) GENERATED ALWAYS AS (case when deposits = 0 then 0 else round((spent)::numeric * 1 / deposits, 4) end) STORED NOT NULL,
	"click_to_inst" numeric(20, 4) GENERATED ALWAYS AS (case when clicks = 0 then 0 else round((installations)::numeric * 100 / clicks, 4) end) STORED NOT NULL,
	"inst_to_reg" numeric(20, 4) GENERATED ALWAYS AS (case when installations = 0 then 0 else round((registrations)::numeric * 100 / installations, 4) end) STORED NOT NULL,
	"reg_to_dep" numeric(20, 4) GENERATED ALWAYS AS (case when registrations = 0 then 0 else round((deposits)::numeric * 100 / registrations, 4) end) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_spent_nonnegative" CHECK ("campaigns"."spent" >= 0),
	CONSTRAINT "campaigns_deposit_payment_nonnegative" CHECK ("campaigns"."deposit_payment" >= 0),
	CONSTRAINT "campaigns_counts_nonnegative" CHECK ("campaigns"."clicks" >= 0 and "campaigns"."installations" >= 0 and "campaigns"."registrations" >= 0 and "campaigns"."deposits" >= 0)
);
--> statement-breakpoint
CREATE TABLE "commission_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"model_type" text DEFAULT 'simple' NOT NULL,
	"base_commission_rate" numeric(5, 2) DEFAULT '30' NOT NULL,
	"high_roi_commission_rate" numeric(5, 2) DEFAULT '35' NOT NULL,
	"roi_threshold" numeric(20, 4) DEFAULT '50' NOT NULL,
	"tiered_roi_threshold" numeric(5, 2) DEFAULT '30' NOT NULL,
	"minimum_monthly_revenue" numeric(14, 2) DEFAULT '4000' NOT NULL,
	"revenue_tiers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_settings_model_check" CHECK ("commission_settings"."model_type" in ('simple', 'tiered')),
	CONSTRAINT "commission_settings_rates_range" CHECK ("commission_settings"."base_commission_rate" between 0 and 100 and "commission_settings"."high_roi_commission_rate" between 0 and 100 and "commission_settings"."tiered_roi_threshold" between 0 and 100),
	CONSTRAINT "commission_settings_nonnegative" CHECK ("commission_settings"."roi_threshold" >= 0 and "commission_settings"."minimum_monthly_revenue" >= 0)
);
--> statement-breakpoint
CREATE TABLE "creative_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"type" text DEFAULT 'Image' NOT NULL,
	"format" text DEFAULT 'Square' NOT NULL,
	"deadline" date NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"admin_notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creative_requests_type_check" CHECK ("creative_requests"."type" in ('Image', 'Video', 'GIF')),
	CONSTRAINT "creative_requests_format_check" CHECK ("creative_requests"."format" in ('Square', 'Vertical', 'Horizontal')),
	CONSTRAINT "creative_requests_status_check" CHECK ("creative_requests"."status" in ('pending', 'in_progress', 'completed', 'rejected')),
	CONSTRAINT "creative_requests_description_not_blank" CHECK ("creative_requests"."description" ~ '\S')
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('creative_request', 'creative_request_status', 'payment', 'new_offer'))
);
--> statement-breakpoint
CREATE TABLE "offer_assignments" (
	"offer_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_assignments_offer_id_user_id_pk" PRIMARY KEY("offer_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"casino_brand" text NOT NULL,
	"description" text,
	"value" numeric(14, 2) NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"payout_per_deposit" numeric(14, 2) NOT NULL,
	"visible_to_all" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_currency_check" CHECK ("offers"."currency" in ('USD', 'BRL')),
	CONSTRAINT "offers_value_nonnegative" CHECK ("offers"."value" >= 0),
	CONSTRAINT "offers_payout_nonnegative" CHECK ("offers"."payout_per_deposit" >= 0),
	CONSTRAINT "offers_name_not_blank" CHECK ("offers"."name" ~ '\S')
);
--> statement-breakpoint
CREATE TABLE "payment_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"model_type" text DEFAULT 'simple' NOT NULL,
	"total_spent" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total_revenue" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total_profit" numeric(14, 2) DEFAULT '0' NOT NULL,
	"roi_achieved" numeric(20, 4) DEFAULT '0' NOT NULL,
	"commission_rate" numeric(5, 2) DEFAULT '0' NOT NULL,
	"amount_due" numeric(14, 2) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_statements_status_check" CHECK ("payment_statements"."status" in ('pending', 'processing', 'paid', 'cancelled')),
	CONSTRAINT "payment_statements_model_check" CHECK ("payment_statements"."model_type" in ('simple', 'tiered')),
	CONSTRAINT "payment_statements_amount_nonnegative" CHECK ("payment_statements"."amount_due" >= 0),
	CONSTRAINT "payment_statements_period_order" CHECK ("payment_statements"."period_end" >= "payment_statements"."period_start"),
	CONSTRAINT "payment_statements_rate_range" CHECK ("payment_statements"."commission_rate" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "payment_status_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"statement_id" uuid NOT NULL,
	"payout_id" uuid,
	"action" text NOT NULL,
	"previous_status" text,
	"new_status" text NOT NULL,
	"changed_by" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"statement_id" uuid NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	"note" text,
	"created_by" text,
	"reversed_at" timestamp with time zone,
	"reversed_by" text,
	"reversal_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_amount_nonnegative" CHECK ("payouts"."amount" >= 0),
	CONSTRAINT "payouts_reversal_has_reason" CHECK ("payouts"."reversed_at" is null or coalesce("payouts"."reversal_reason", '') ~ '\S')
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_request" bigint NOT NULL,
	CONSTRAINT "rate_limits_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	"impersonated_by" text,
	CONSTRAINT "sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "user_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"content" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_notes_content_not_blank" CHECK ("user_notes"."content" ~ '\S')
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"banned" boolean DEFAULT false NOT NULL,
	"ban_reason" text,
	"ban_expires" timestamp with time zone,
	"manager_id" text,
	"language" text,
	"deactivated_at" timestamp with time zone,
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('user', 'manager', 'financial', 'admin')),
	CONSTRAINT "users_language_check" CHECK ("users"."language" is null or "users"."language" in ('pt-BR', 'en', 'ru')),
	CONSTRAINT "users_manager_not_self" CHECK ("users"."manager_id" is null or "users"."manager_id" <> "users"."id")
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_settings" ADD CONSTRAINT "commission_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_settings" ADD CONSTRAINT "commission_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creative_requests" ADD CONSTRAINT "creative_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_assignments" ADD CONSTRAINT "offer_assignments_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_assignments" ADD CONSTRAINT "offer_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_statements" ADD CONSTRAINT "payment_statements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_status_changes" ADD CONSTRAINT "payment_status_changes_statement_id_payment_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."payment_statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_status_changes" ADD CONSTRAINT "payment_status_changes_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_status_changes" ADD CONSTRAINT "payment_status_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_statement_id_payment_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."payment_statements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_notes" ADD CONSTRAINT "user_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_notes" ADD CONSTRAINT "user_notes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_user_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "campaigns_creator_date_idx" ON "campaigns" USING btree ("creator_id","date");--> statement-breakpoint
CREATE INDEX "campaigns_manager_date_idx" ON "campaigns" USING btree ("manager_id","date");--> statement-breakpoint
CREATE INDEX "campaigns_offer_date_idx" ON "campaigns" USING btree ("offer_id","date");--> statement-breakpoint
CREATE INDEX "campaigns_date_idx" ON "campaigns" USING btree ("date");--> statement-breakpoint
CREATE INDEX "creative_requests_user_created_idx" ON "creative_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "creative_requests_created_idx" ON "creative_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "offer_assignments_user_idx" ON "offer_assignments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "offers_created_idx" ON "offers" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_statements_user_period_unique" ON "payment_statements" USING btree ("user_id","period_start");--> statement-breakpoint
CREATE INDEX "payment_statements_period_idx" ON "payment_statements" USING btree ("period_start");--> statement-breakpoint
CREATE INDEX "payment_status_changes_statement_idx" ON "payment_status_changes" USING btree ("statement_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_statement_idx" ON "payouts" USING btree ("statement_id","paid_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_notes_user_created_idx" ON "user_notes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");--> statement-breakpoint
CREATE INDEX "users_manager_idx" ON "users" USING btree ("manager_id");--> statement-breakpoint
CREATE INDEX "verifications_identifier_idx" ON "verifications" USING btree ("identifier");