-- One entry per buyer, offer and calendar day (issue 26, docs/decisions/0083). Before the unique key
-- exists, every set of rows for one buyer, offer and day becomes its earliest row holding their sums
-- (counts, spend and revenue added up); the others are deleted, and each merge is recorded in the
-- audit trail with the rows it combined. The totals triggers see an UPDATE and DELETEs whose sums
-- cancel out, so every total stays what it was. Rows whose offer was deleted (offer_id null) are
-- left apart, as the key leaves them.
CREATE TEMPORARY TABLE "campaign_merges" AS
SELECT "creator_id", "offer_id", "date",
  (array_agg("id" ORDER BY "created_at", "id"))[1] AS "kept_id",
  (array_agg("id" ORDER BY "created_at", "id"))[2:] AS "merged_ids",
  sum("spent") AS "spent", sum("clicks")::integer AS "clicks",
  sum("installations")::integer AS "installations", sum("registrations")::integer AS "registrations",
  sum("deposits")::integer AS "deposits", sum("deposit_payment") AS "deposit_payment",
  jsonb_agg(jsonb_build_object('id', "id", 'spent', "spent"::text, 'clicks', "clicks",
    'installations', "installations", 'registrations', "registrations", 'deposits', "deposits",
    'depositPayment', "deposit_payment"::text) ORDER BY "created_at", "id") AS "rows"
FROM "campaigns"
WHERE "offer_id" IS NOT NULL
GROUP BY "creator_id", "offer_id", "date"
HAVING count(*) > 1;
--> statement-breakpoint
INSERT INTO "audit_events" ("action", "outcome", "target_type", "target_id", "subject_user_id", "details")
SELECT 'campaigns.merged', 'success', 'campaign', m."kept_id"::text, m."creator_id",
  jsonb_build_object('offerId', m."offer_id", 'date', m."date"::text, 'keptId', m."kept_id",
    'mergedIds', to_jsonb(m."merged_ids"), 'rows', m."rows",
    'sum', jsonb_build_object('spent', m."spent"::text, 'clicks', m."clicks",
      'installations', m."installations", 'registrations', m."registrations",
      'deposits', m."deposits", 'depositPayment', m."deposit_payment"::text))
FROM "campaign_merges" AS m;
--> statement-breakpoint
UPDATE "campaigns" AS c SET "spent" = m."spent", "clicks" = m."clicks",
  "installations" = m."installations", "registrations" = m."registrations",
  "deposits" = m."deposits", "deposit_payment" = m."deposit_payment", "updated_at" = now()
FROM "campaign_merges" AS m
WHERE c."id" = m."kept_id";
--> statement-breakpoint
DELETE FROM "campaigns" AS c USING "campaign_merges" AS m
WHERE c."id" = ANY (m."merged_ids");
--> statement-breakpoint
DROP TABLE "campaign_merges";
--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_creator_offer_date_key" ON "campaigns" USING btree ("creator_id","offer_id","date");
