CREATE TABLE "payee_details" (
	"user_id" text PRIMARY KEY NOT NULL,
	"method" text NOT NULL,
	"pix_key_type" text,
	"pix_key" text,
	"bank_code" text,
	"bank_branch" text,
	"bank_account" text,
	"bank_account_type" text,
	"holder_name" text,
	"holder_document" text,
	"usdt_address" text,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payee_details_method_check" CHECK ("payee_details"."method" in ('pix', 'bank', 'usdt')),
	CONSTRAINT "payee_details_method_fields" CHECK (("payee_details"."method" <> 'pix' or ("payee_details"."pix_key_type" is not null and "payee_details"."pix_key" is not null))
      and ("payee_details"."method" <> 'bank' or ("payee_details"."bank_code" is not null and "payee_details"."bank_branch" is not null and "payee_details"."bank_account" is not null))
      and ("payee_details"."method" <> 'usdt' or "payee_details"."usdt_address" is not null))
);
--> statement-breakpoint
CREATE TABLE "payment_adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"statement_id" uuid NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"reason" text NOT NULL,
	"kind" text DEFAULT 'manual' NOT NULL,
	"linked_statement_id" uuid,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_adjustments_amount_nonzero" CHECK ("payment_adjustments"."amount" <> 0),
	CONSTRAINT "payment_adjustments_reason_present" CHECK ("payment_adjustments"."reason" ~ '\S'),
	CONSTRAINT "payment_adjustments_kind_check" CHECK ("payment_adjustments"."kind" in ('manual', 'carry_out', 'carry_in')),
	CONSTRAINT "payment_adjustments_carry_linked" CHECK (("payment_adjustments"."kind" = 'manual') = ("payment_adjustments"."linked_statement_id" is null))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
-- Settings rows that existed before settings had a month apply from the start (2000-01-01).
ALTER TABLE "commission_settings" ADD COLUMN "effective_from" date DEFAULT '2000-01-01' NOT NULL;--> statement-breakpoint
ALTER TABLE "commission_settings" DROP CONSTRAINT "commission_settings_pkey";--> statement-breakpoint
ALTER TABLE "commission_settings" ADD CONSTRAINT "commission_settings_user_effective_pk" PRIMARY KEY("user_id","effective_from");--> statement-breakpoint
ALTER TABLE "payee_details" ADD CONSTRAINT "payee_details_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payee_details" ADD CONSTRAINT "payee_details_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_adjustments" ADD CONSTRAINT "payment_adjustments_statement_id_payment_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."payment_statements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_adjustments" ADD CONSTRAINT "payment_adjustments_linked_statement_id_payment_statements_id_fk" FOREIGN KEY ("linked_statement_id") REFERENCES "public"."payment_statements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_adjustments" ADD CONSTRAINT "payment_adjustments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_adjustments_statement_idx" ON "payment_adjustments" USING btree ("statement_id","created_at");--> statement-breakpoint
ALTER TABLE "commission_settings" ADD CONSTRAINT "commission_settings_effective_month_start" CHECK (extract(day from "commission_settings"."effective_from") = 1);--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('creative_request', 'creative_request_status', 'payment', 'new_offer', 'payee_changed'));