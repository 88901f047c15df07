CREATE TABLE "backups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"status" text DEFAULT 'running' NOT NULL,
	"trigger" text NOT NULL,
	"database_kind" text NOT NULL,
	"file_name" text,
	"size_bytes" bigint,
	"duration_ms" integer,
	"reason" text,
	"created_by" text,
	CONSTRAINT "backups_status_check" CHECK ("backups"."status" in ('running', 'success', 'failed')),
	CONSTRAINT "backups_trigger_check" CHECK ("backups"."trigger" in ('manual', 'scheduled', 'cli'))
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"key" text PRIMARY KEY NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"outcome" text
);
--> statement-breakpoint
CREATE TABLE "workspace_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"reporting_currency" text DEFAULT 'USD' NOT NULL,
	"default_language" text DEFAULT 'pt-BR' NOT NULL,
	"timezone" text DEFAULT 'America/Sao_Paulo' NOT NULL,
	"notify_email" boolean DEFAULT true NOT NULL,
	"notify_daily" boolean DEFAULT false NOT NULL,
	"notify_weekly" boolean DEFAULT false NOT NULL,
	"notify_monthly" boolean DEFAULT false NOT NULL,
	"backup_frequency" text DEFAULT 'daily' NOT NULL,
	"retention_days" integer DEFAULT 30 NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_settings_single_row" CHECK ("workspace_settings"."id" = 1),
	CONSTRAINT "workspace_settings_currency_check" CHECK ("workspace_settings"."reporting_currency" in ('USD', 'BRL')),
	CONSTRAINT "workspace_settings_language_check" CHECK ("workspace_settings"."default_language" in ('pt-BR', 'en', 'ru')),
	CONSTRAINT "workspace_settings_backup_frequency_check" CHECK ("workspace_settings"."backup_frequency" in ('daily', 'weekly', 'monthly')),
	CONSTRAINT "workspace_settings_retention_positive" CHECK ("workspace_settings"."retention_days" >= 1)
);
--> statement-breakpoint
ALTER TABLE "backups" ADD CONSTRAINT "backups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_settings" ADD CONSTRAINT "workspace_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backups_started_idx" ON "backups" USING btree ("started_at");