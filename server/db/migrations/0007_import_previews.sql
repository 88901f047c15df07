CREATE TABLE "import_preview_rows" (
	"preview_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"status" text NOT NULL,
	"problems" jsonb NOT NULL,
	"raw" jsonb NOT NULL,
	"date" date,
	"offer_id" uuid,
	"offer_name" text,
	"spent" numeric(14, 2),
	"clicks" integer,
	"installations" integer,
	"registrations" integer,
	"deposits" integer,
	"revenue" numeric(14, 2),
	CONSTRAINT "import_preview_rows_preview_id_line_pk" PRIMARY KEY("preview_id","line"),
	CONSTRAINT "import_preview_rows_status_check" CHECK ("import_preview_rows"."status" in ('ok', 'duplicate', 'error'))
);
--> statement-breakpoint
CREATE TABLE "import_previews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" text NOT NULL,
	"user_id" text NOT NULL,
	"file_name" text NOT NULL,
	"headers" jsonb NOT NULL,
	"mapping" jsonb NOT NULL,
	"ready" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "import_preview_rows" ADD CONSTRAINT "import_preview_rows_preview_id_import_previews_id_fk" FOREIGN KEY ("preview_id") REFERENCES "public"."import_previews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_previews" ADD CONSTRAINT "import_previews_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_previews" ADD CONSTRAINT "import_previews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_preview_rows_status_idx" ON "import_preview_rows" USING btree ("preview_id","status","line");--> statement-breakpoint
CREATE UNIQUE INDEX "import_previews_actor_unique" ON "import_previews" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "import_previews_expires_idx" ON "import_previews" USING btree ("expires_at");