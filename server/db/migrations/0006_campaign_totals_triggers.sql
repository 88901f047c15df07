-- Campaign totals (docs/decisions/0042). Statement-level triggers with transition tables keep
-- campaign_totals equal to the sums of campaigns in the same transaction as every write to campaigns:
-- the app's inserts, updates and deletes, batch and import inserts, the cascade of deleting a user
-- (creator_id), the set-null of deleting a user (manager_id) or an offer (offer_id), and TRUNCATE.
-- One statement upserts each affected totals row once, whatever the number of campaigns it wrote, so
-- a bulk insert of thousands of campaigns costs one grouped upsert.
--
-- Grains: GROUPING() over (date, month, creator_id, manager_id, offer_id), a bit for each column
-- summed over: 9 day × creator × manager, 13 day × manager, 14 day × offer, 15 day, 16 month ×
-- creator × manager × offer, 17 month × creator × manager, 22 month × offer.
--
-- Concurrency: rows are upserted in the unique key's order, so two statements that touch the same
-- totals rows lock them in the same order and never wait for each other in a cycle. Two writers of
-- the same row serialise on its row lock until the first commits (ON CONFLICT DO UPDATE then adds
-- to the committed value).
-- INSERT: add the new rows' sums.
CREATE FUNCTION "campaign_totals_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO campaign_totals AS t (grain, period, creator_id, manager_id, offer_id, spent, revenue, clicks, installations, registrations, deposits, campaigns)
	SELECT grouping(r.date, r.month, r.creator_id, r.manager_id, r.offer_id), coalesce(r.date, r.month),
		r.creator_id, r.manager_id, r.offer_id, sum(r.spent), sum(r.revenue), sum(r.clicks), sum(r.installations), sum(r.registrations), sum(r.deposits), sum(r.campaigns)
	FROM (SELECT date, date_trunc('month', date)::date AS month, creator_id, manager_id, offer_id, spent AS spent,
			deposit_payment AS revenue, clicks AS clicks, installations AS installations, registrations AS registrations,
			deposits AS deposits, 1 AS campaigns FROM new_rows) AS r
	GROUP BY GROUPING SETS ((r.date, r.creator_id, r.manager_id), (r.date, r.manager_id), (r.date, r.offer_id), (r.date),
		(r.month, r.creator_id, r.manager_id, r.offer_id), (r.month, r.creator_id, r.manager_id), (r.month, r.offer_id))
	ORDER BY 1, 2, coalesce(r.creator_id, ''), coalesce(r.manager_id, ''), coalesce(r.offer_id, '00000000-0000-0000-0000-000000000000'::uuid)
	ON CONFLICT (grain, period, coalesce(creator_id, ''), coalesce(manager_id, ''), coalesce(offer_id, '00000000-0000-0000-0000-000000000000'::uuid)) DO UPDATE SET
		spent = t.spent + excluded.spent,
		revenue = t.revenue + excluded.revenue,
		clicks = t.clicks + excluded.clicks,
		installations = t.installations + excluded.installations,
		registrations = t.registrations + excluded.registrations,
		deposits = t.deposits + excluded.deposits,
		campaigns = t.campaigns + excluded.campaigns;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
-- UPDATE: add the new versions and subtract the old ones (a moved key moves its sums); drop emptied rows.
CREATE FUNCTION "campaign_totals_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO campaign_totals AS t (grain, period, creator_id, manager_id, offer_id, spent, revenue, clicks, installations, registrations, deposits, campaigns)
	SELECT grouping(r.date, r.month, r.creator_id, r.manager_id, r.offer_id), coalesce(r.date, r.month),
		r.creator_id, r.manager_id, r.offer_id, sum(r.spent), sum(r.revenue), sum(r.clicks), sum(r.installations), sum(r.registrations), sum(r.deposits), sum(r.campaigns)
	FROM (SELECT date, date_trunc('month', date)::date AS month, creator_id, manager_id, offer_id, spent AS spent,
			deposit_payment AS revenue, clicks AS clicks, installations AS installations, registrations AS registrations,
			deposits AS deposits, 1 AS campaigns FROM new_rows
		UNION ALL SELECT date, date_trunc('month', date)::date AS month, creator_id, manager_id, offer_id, -spent AS spent,
			-deposit_payment AS revenue, -clicks AS clicks, -installations AS installations, -registrations AS registrations,
			-deposits AS deposits, -1 AS campaigns FROM old_rows) AS r
	GROUP BY GROUPING SETS ((r.date, r.creator_id, r.manager_id), (r.date, r.manager_id), (r.date, r.offer_id), (r.date),
		(r.month, r.creator_id, r.manager_id, r.offer_id), (r.month, r.creator_id, r.manager_id), (r.month, r.offer_id))
	HAVING sum(r.spent) <> 0 OR sum(r.revenue) <> 0 OR sum(r.clicks) <> 0 OR sum(r.installations) <> 0 OR sum(r.registrations) <> 0 OR sum(r.deposits) <> 0 OR sum(r.campaigns) <> 0
	ORDER BY 1, 2, coalesce(r.creator_id, ''), coalesce(r.manager_id, ''), coalesce(r.offer_id, '00000000-0000-0000-0000-000000000000'::uuid)
	ON CONFLICT (grain, period, coalesce(creator_id, ''), coalesce(manager_id, ''), coalesce(offer_id, '00000000-0000-0000-0000-000000000000'::uuid)) DO UPDATE SET
		spent = t.spent + excluded.spent,
		revenue = t.revenue + excluded.revenue,
		clicks = t.clicks + excluded.clicks,
		installations = t.installations + excluded.installations,
		registrations = t.registrations + excluded.registrations,
		deposits = t.deposits + excluded.deposits,
		campaigns = t.campaigns + excluded.campaigns;
	DELETE FROM campaign_totals AS t
	WHERE t.campaigns = 0 AND t.grain = ANY ('{9,13,14,15,16,17,22}'::smallint[])
		AND t.period IN (SELECT date FROM old_rows UNION SELECT date_trunc('month', date)::date FROM old_rows);
	RETURN NULL;
END;
$$;
--> statement-breakpoint
-- DELETE: subtract the deleted rows' sums; drop emptied rows.
CREATE FUNCTION "campaign_totals_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO campaign_totals AS t (grain, period, creator_id, manager_id, offer_id, spent, revenue, clicks, installations, registrations, deposits, campaigns)
	SELECT grouping(r.date, r.month, r.creator_id, r.manager_id, r.offer_id), coalesce(r.date, r.month),
		r.creator_id, r.manager_id, r.offer_id, sum(r.spent), sum(r.revenue), sum(r.clicks), sum(r.installations), sum(r.registrations), sum(r.deposits), sum(r.campaigns)
	FROM (SELECT date, date_trunc('month', date)::date AS month, creator_id, manager_id, offer_id, -spent AS spent,
			-deposit_payment AS revenue, -clicks AS clicks, -installations AS installations, -registrations AS registrations,
			-deposits AS deposits, -1 AS campaigns FROM old_rows) AS r
	GROUP BY GROUPING SETS ((r.date, r.creator_id, r.manager_id), (r.date, r.manager_id), (r.date, r.offer_id), (r.date),
		(r.month, r.creator_id, r.manager_id, r.offer_id), (r.month, r.creator_id, r.manager_id), (r.month, r.offer_id))
	ORDER BY 1, 2, coalesce(r.creator_id, ''), coalesce(r.manager_id, ''), coalesce(r.offer_id, '00000000-0000-0000-0000-000000000000'::uuid)
	ON CONFLICT (grain, period, coalesce(creator_id, ''), coalesce(manager_id, ''), coalesce(offer_id, '00000000-0000-0000-0000-000000000000'::uuid)) DO UPDATE SET
		spent = t.spent + excluded.spent,
		revenue = t.revenue + excluded.revenue,
		clicks = t.clicks + excluded.clicks,
		installations = t.installations + excluded.installations,
		registrations = t.registrations + excluded.registrations,
		deposits = t.deposits + excluded.deposits,
		campaigns = t.campaigns + excluded.campaigns;
	DELETE FROM campaign_totals AS t
	WHERE t.campaigns = 0 AND t.grain = ANY ('{9,13,14,15,16,17,22}'::smallint[])
		AND t.period IN (SELECT date FROM old_rows UNION SELECT date_trunc('month', date)::date FROM old_rows);
	RETURN NULL;
END;
$$;
--> statement-breakpoint
-- TRUNCATE: nothing left to sum.
CREATE FUNCTION "campaign_totals_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	TRUNCATE campaign_totals;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "campaign_totals_insert" AFTER INSERT ON "campaigns"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "campaign_totals_after_insert"();
--> statement-breakpoint
CREATE TRIGGER "campaign_totals_update" AFTER UPDATE ON "campaigns"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "campaign_totals_after_update"();
--> statement-breakpoint
CREATE TRIGGER "campaign_totals_delete" AFTER DELETE ON "campaigns"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "campaign_totals_after_delete"();
--> statement-breakpoint
CREATE TRIGGER "campaign_totals_truncate" AFTER TRUNCATE ON "campaigns"
	FOR EACH STATEMENT EXECUTE FUNCTION "campaign_totals_after_truncate"();
--> statement-breakpoint
-- The campaigns that exist already (the triggers above hold campaigns' write lock until commit).
INSERT INTO campaign_totals AS t (grain, period, creator_id, manager_id, offer_id, spent, revenue, clicks, installations, registrations, deposits, campaigns)
	SELECT grouping(r.date, r.month, r.creator_id, r.manager_id, r.offer_id), coalesce(r.date, r.month),
		r.creator_id, r.manager_id, r.offer_id, sum(r.spent), sum(r.revenue), sum(r.clicks), sum(r.installations), sum(r.registrations), sum(r.deposits), sum(r.campaigns)
	FROM (SELECT date, date_trunc('month', date)::date AS month, creator_id, manager_id, offer_id, spent AS spent,
			deposit_payment AS revenue, clicks AS clicks, installations AS installations, registrations AS registrations,
			deposits AS deposits, 1 AS campaigns FROM campaigns) AS r
	GROUP BY GROUPING SETS ((r.date, r.creator_id, r.manager_id), (r.date, r.manager_id), (r.date, r.offer_id), (r.date),
		(r.month, r.creator_id, r.manager_id, r.offer_id), (r.month, r.creator_id, r.manager_id), (r.month, r.offer_id));
--> statement-breakpoint
-- The key (the upsert's conflict target) also covers a grain's rows by period; the other two cover
-- one buyer's or one team lead's rows. INCLUDE: every read is an index-only scan.
CREATE UNIQUE INDEX "campaign_totals_key" ON "campaign_totals" (grain, period, coalesce(creator_id, ''), coalesce(manager_id, ''), coalesce(offer_id, '00000000-0000-0000-0000-000000000000'::uuid))
	INCLUDE (creator_id, manager_id, offer_id, spent, revenue, clicks, installations, registrations, deposits, campaigns);
--> statement-breakpoint
CREATE INDEX "campaign_totals_creator_idx" ON "campaign_totals" (grain, creator_id, period)
	INCLUDE (manager_id, offer_id, spent, revenue, clicks, installations, registrations, deposits, campaigns) WHERE creator_id IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "campaign_totals_manager_idx" ON "campaign_totals" (grain, manager_id, period)
	INCLUDE (creator_id, offer_id, spent, revenue, clicks, installations, registrations, deposits, campaigns) WHERE manager_id IS NOT NULL;
--> statement-breakpoint
ANALYZE campaign_totals;
