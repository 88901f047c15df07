CREATE TABLE "reconciliation_adjustments" (
	"adjustment_id" uuid PRIMARY KEY NOT NULL,
	"resolution_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"revenue_delta" numeric(14, 2) NOT NULL,
	"proposed_amount" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reconciliation_aliases" (
	"network_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"target_id" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reconciliation_aliases_network_id_kind_reference_pk" PRIMARY KEY("network_id","kind","reference"),
	CONSTRAINT "reconciliation_aliases_kind_check" CHECK ("reconciliation_aliases"."kind" in ('offer', 'buyer'))
);
--> statement-breakpoint
CREATE TABLE "reconciliation_networks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"mapping" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reconciliation_resolutions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"statement_id" uuid NOT NULL,
	"offer_id" uuid NOT NULL,
	"user_id" text,
	"kind" text NOT NULL,
	"note" text NOT NULL,
	"logged_revenue" numeric(14, 2) NOT NULL,
	"reported_revenue" numeric(14, 2) NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reconciliation_resolutions_kind_check" CHECK ("reconciliation_resolutions"."kind" in ('accepted', 'adjusted')),
	CONSTRAINT "reconciliation_resolutions_note_present" CHECK ("reconciliation_resolutions"."note" ~ '\S')
);
--> statement-breakpoint
CREATE TABLE "reconciliation_rows" (
	"statement_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"status" text NOT NULL,
	"problems" jsonb NOT NULL,
	"raw" jsonb NOT NULL,
	"offer_reference" text,
	"buyer_reference" text,
	"offer_id" uuid,
	"user_id" text,
	"date" date,
	"registrations" integer,
	"deposits" integer,
	"revenue" numeric(14, 2),
	"revenue_from_file" boolean DEFAULT true NOT NULL,
	CONSTRAINT "reconciliation_rows_statement_id_line_pk" PRIMARY KEY("statement_id","line"),
	CONSTRAINT "reconciliation_rows_status_check" CHECK ("reconciliation_rows"."status" in ('matched', 'unmatched', 'error'))
);
--> statement-breakpoint
CREATE TABLE "reconciliation_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"tolerance_percent" numeric(5, 2) DEFAULT '2' NOT NULL,
	"tolerance_amount" numeric(14, 2) DEFAULT '50' NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reconciliation_settings_single_row" CHECK ("reconciliation_settings"."id" = 1),
	CONSTRAINT "reconciliation_settings_nonnegative" CHECK ("reconciliation_settings"."tolerance_percent" >= 0 and "reconciliation_settings"."tolerance_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reconciliation_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"network_id" uuid NOT NULL,
	"month" date NOT NULL,
	"status" text DEFAULT 'preview' NOT NULL,
	"file_name" text NOT NULL,
	"headers" jsonb NOT NULL,
	"mapping" jsonb NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"committed_at" timestamp with time zone,
	CONSTRAINT "reconciliation_statements_status_check" CHECK ("reconciliation_statements"."status" in ('preview', 'committed')),
	CONSTRAINT "reconciliation_statements_month_start" CHECK (extract(day from "reconciliation_statements"."month") = 1)
);
--> statement-breakpoint
ALTER TABLE "reconciliation_adjustments" ADD CONSTRAINT "reconciliation_adjustments_adjustment_id_payment_adjustments_id_fk" FOREIGN KEY ("adjustment_id") REFERENCES "public"."payment_adjustments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_adjustments" ADD CONSTRAINT "reconciliation_adjustments_resolution_id_reconciliation_resolutions_id_fk" FOREIGN KEY ("resolution_id") REFERENCES "public"."reconciliation_resolutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_adjustments" ADD CONSTRAINT "reconciliation_adjustments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_aliases" ADD CONSTRAINT "reconciliation_aliases_network_id_reconciliation_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."reconciliation_networks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_aliases" ADD CONSTRAINT "reconciliation_aliases_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_resolutions" ADD CONSTRAINT "reconciliation_resolutions_statement_id_reconciliation_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."reconciliation_statements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_resolutions" ADD CONSTRAINT "reconciliation_resolutions_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_resolutions" ADD CONSTRAINT "reconciliation_resolutions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_resolutions" ADD CONSTRAINT "reconciliation_resolutions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_rows" ADD CONSTRAINT "reconciliation_rows_statement_id_reconciliation_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."reconciliation_statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_rows" ADD CONSTRAINT "reconciliation_rows_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_rows" ADD CONSTRAINT "reconciliation_rows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_settings" ADD CONSTRAINT "reconciliation_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_statements" ADD CONSTRAINT "reconciliation_statements_network_id_reconciliation_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."reconciliation_networks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_statements" ADD CONSTRAINT "reconciliation_statements_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reconciliation_adjustments_resolution_idx" ON "reconciliation_adjustments" USING btree ("resolution_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_networks_name_key_unique" ON "reconciliation_networks" USING btree ("name_key");--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_resolutions_line_unique" ON "reconciliation_resolutions" USING btree ("statement_id","offer_id",coalesce("user_id", ''));--> statement-breakpoint
CREATE INDEX "reconciliation_rows_status_idx" ON "reconciliation_rows" USING btree ("statement_id","status","line");--> statement-breakpoint
CREATE INDEX "reconciliation_rows_offer_idx" ON "reconciliation_rows" USING btree ("statement_id","offer_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_statements_committed_unique" ON "reconciliation_statements" USING btree ("network_id","month") WHERE "reconciliation_statements"."status" = 'committed';--> statement-breakpoint
CREATE INDEX "reconciliation_statements_month_idx" ON "reconciliation_statements" USING btree ("month","status");