CREATE TABLE "postback_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token" text NOT NULL,
	"label" text NOT NULL,
	"user_id" text,
	"offer_id" uuid,
	"created_by" text,
	"preset" text DEFAULT 'generic' NOT NULL,
	"params" jsonb NOT NULL,
	"events" jsonb NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "postback_keys_owner_check" CHECK (("postback_keys"."user_id" is null) <> ("postback_keys"."offer_id" is null))
);
--> statement-breakpoint
CREATE TABLE "postback_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "postback_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key_id" uuid NOT NULL,
	"user_id" text,
	"offer_id" uuid,
	"outcome" text NOT NULL,
	"reason" text,
	"status" smallint NOT NULL,
	"event" text,
	"tid" text,
	"date" date,
	"amount" numeric(14, 2),
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "postback_log_outcome_check" CHECK ("postback_log"."outcome" in ('counted', 'duplicate', 'refused'))
);
--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "code" text DEFAULT upper(substr(md5(random()::text || clock_timestamp()::text), 1, 8)) NOT NULL;--> statement-breakpoint
ALTER TABLE "postback_keys" ADD CONSTRAINT "postback_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postback_keys" ADD CONSTRAINT "postback_keys_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postback_keys" ADD CONSTRAINT "postback_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postback_log" ADD CONSTRAINT "postback_log_key_id_postback_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."postback_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postback_log" ADD CONSTRAINT "postback_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postback_log" ADD CONSTRAINT "postback_log_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "postback_keys_token_unique" ON "postback_keys" USING btree ("token");--> statement-breakpoint
CREATE INDEX "postback_keys_user_idx" ON "postback_keys" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "postback_log_counted_tid_unique" ON "postback_log" USING btree ("key_id","tid") WHERE "postback_log"."outcome" = 'counted';--> statement-breakpoint
CREATE INDEX "postback_log_key_received_idx" ON "postback_log" USING btree ("key_id","received_at","id");--> statement-breakpoint
CREATE INDEX "postback_log_user_received_idx" ON "postback_log" USING btree ("user_id","received_at","id");--> statement-breakpoint
CREATE INDEX "postback_log_received_idx" ON "postback_log" USING btree ("received_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_code_unique" ON "offers" USING btree (lower("code")) WHERE "offers"."code" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_code_unique" ON "users" USING btree (lower("code"));