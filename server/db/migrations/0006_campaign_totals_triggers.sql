-- Campaign totals (docs/decisions/0042): statement-level triggers with transition tables keep the
-- three totals tables equal to the sums of campaigns, in the same transaction as every write to
-- campaigns: the app's inserts, updates and deletes, batch and import inserts, the cascade of
-- deleting a user (creator_id) and the set-null of deleting a user (manager_id) or an offer
-- (offer_id), and TRUNCATE. One statement adds its rows' sums once per totals row, so a bulk insert
-- of thousands of campaigns costs a few grouped upserts. Totals rows are locked in the unique key's
-- order, table after table in the same order, so two writers never wait for each other in a cycle
-- within a statement.
-- INSERT: add the new rows' sums.
CREATE FUNCTION "campaign_totals_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO campaign_day_totals AS t (date, creator_id, manager_id, spent, revenue, clicks, installations, registrations, deposits, campaigns)
	SELECT date, creator_id, manager_id, sum(spent) AS spent, sum(deposit_payment) AS revenue, sum(clicks) AS clicks, sum(installations) AS installations, sum(registrations) AS registrations, sum(deposits) AS deposits, count(*) AS campaigns FROM new_rows GROUP BY 1, 2, 3
	ORDER BY date, creator_id, coalesce(manager_id, '')
	ON CONFLICT (date, creator_id, coalesce(manager_id, '')) DO UPDATE SET
		spent = t.spent + excluded.spent,
		revenue = t.revenue + excluded.revenue,
		clicks = t.clicks + excluded.clicks,
		installations = t.installations + excluded.installations,
		registrations = t.registrations + excluded.registrations,
		deposits = t.deposits + excluded.deposits,
		campaigns = t.campaigns + excluded.campaigns;
	INSERT INTO campaign_day_offer_totals AS t (date, offer_id, spent, revenue, clicks, installations, registrations, deposits, campaigns)
	SELECT date, offer_id, sum(spent) AS spent, sum(deposit_payment) AS revenue, sum(clicks) AS clicks, sum(installations) AS installations, sum(registrations) AS registrations, sum(deposits) AS deposits, count(*) AS campaigns FROM new_rows GROUP BY 1, 2
	ORDER BY date, coalesce(offer_id, '00000000-0000-0000-0000-000000000000'::uuid)
	ON CONFLICT (date, coalesce(offer_id, '00000000-0000-0000-0000-000000000000'::uuid)) DO UPDATE SET
		spent = t.spent + excluded.spent,
		revenue = t.revenue + excluded.revenue,
		clicks = t.clicks + excluded.clicks,
		installations = t.installations + excluded.installations,
		registrations = t.registrations + excluded.registrations,
		deposits = t.deposits + excluded.deposits,
		campaigns = t.campaigns + excluded.campaigns;
	INSERT INTO campaign_month_totals AS t (month, creator_id, manager_id, offer_id, spent, revenue, clicks, installations, registrations, deposits, campaigns)
	SELECT date_trunc('month', date)::date AS month, creator_id, manager_id, offer_id, sum(spent) AS spent, sum(deposit_payment) AS revenue, sum(clicks) AS clicks, sum(installations) AS installations, sum(registrations) AS registrations, sum(deposits) AS deposits, count(*) AS campaigns FROM new_rows GROUP BY 1, 2, 3, 4
	ORDER BY month, creator_id, coalesce(manager_id, ''), coalesce(offer_id, '00000000-0000-0000-0000-000000000000'::uuid)
	ON CONFLICT (month, creator_id, coalesce(manager_id, ''), coalesce(offer_id, '00000000-0000-0000-0000-000000000000'::uuid)) DO UPDATE SET
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
-- UPDATE: add the new versions, subtract the old ones (a moved key moves its sums); drop emptied rows.
CREATE FUNCTION "campaign_totals_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO campaign_day_totals AS t (date, creator_id, manager_id, spent, revenue, clicks, installations, registrations, deposits, campaigns)
	SELECT date, creator_id, manager_id, sum(spent), sum(revenue), sum(clicks), sum(installations), sum(registrations), sum(deposits), sum(campaigns)
	FROM (SELECT date, creator_id, manager_id, sum(spent) AS spent, sum(deposit_payment) AS revenue, sum(clicks) AS clicks, sum(installations) AS installations, sum(registrations) AS registrations, sum(deposits) AS deposits, count(*) AS campaigns FROM new_rows GROUP BY 1, 2, 3
		UNION ALL SELECT date, creator_id, manager_id, -sum(spent) AS spent, -sum(deposit_payment) AS revenue, -sum(clicks) AS clicks, -sum(installations) AS installations, -sum(registrations) AS registrations, -sum(deposits) AS deposits, -count(*) AS campaigns FROM old_rows GROUP BY 1, 2, 3) AS delta
	GROUP BY date, creator_id, manager_id
	HAVING sum(spent) <> 0 OR sum(revenue) <> 0 OR sum(clicks) <> 0 OR sum(installations) <> 0 OR sum(registrations) <> 0 OR sum(deposits) <> 0 OR sum(campaigns) <> 0
	ORDER BY date, creator_id, coalesce(manager_id, '')
	ON CONFLICT (date, creator_id, coalesce(manager_id, '')) DO UPDATE SET
		spent = t.spent + excluded.spent,
		revenue = t.revenue + excluded.revenue,
		clicks = t.clicks + excluded.clicks,
		installations = t.installations + excluded.installations,
		registrations = t.registrations + excluded.registrations,
		deposits = t.deposits + excluded.deposits,
		campaigns = t.campaigns + excluded.campaigns;
	INSERT INTO campaign_day_offer_totals AS t (date, offer_id, spent, revenue, clicks, installations, registrations, deposits, campaigns)
	SELECT date, offer_id, sum(spent), sum(revenue), sum(clicks), sum(installations), sum(registrations), sum(deposits), sum(campaigns)
	FROM (SELECT date, offer_id, sum(spent) AS spent, sum(deposit_payment) AS revenue, sum(clicks) AS clicks, sum(installations) AS installations, sum(registrations) AS registrations, sum(deposits) AS deposits, count(*) AS campaigns FROM new_rows GROUP BY 1, 2
		UNION ALL SELECT date, offer_id, -sum(spent) AS spent, -sum(deposit_payment) AS revenue, -sum(clicks) AS clicks, -sum(installations) AS installations, -sum(registrations) AS registrations, -sum(deposits) AS deposits, -count(*) AS campaigns FROM old_rows GROUP BY 1, 2) AS delta
	GROUP BY date, offer_id
	HAVING sum(spent) <> 0 OR sum(revenue) <> 0 OR sum(clicks) <> 0 OR sum(installations) <> 0 OR sum(registrations) <> 0 OR sum(deposits) <> 0 OR sum(campaigns) <> 0
	ORDER BY date, coalesce(offer_id, '00000000-0000-0000-0000-000000000000'::uuid)
	ON CONFLICT (date, coalesce(offer_id, '00000000-0000-0000-0000-000000000000'::uuid)) DO UPDATE SET
		spent = t.spent + excluded.spent,
		revenue = t.revenue + excluded.revenue,
		clicks = t.clicks + excluded.clicks,
		installations = t.installations + excluded.installations,
		registrations = t.registrations + excluded.registrations,
		deposits = t.deposits + excluded.deposits,
		campaigns = t.campaigns + excluded.campaigns;
	INSERT INTO campaign_month_totals AS t (month, creator_id, manager_id, offer_id, spent, revenue, clicks, installations, registrations, deposits, campaigns)
	SELECT month, creator_id, manager_id, offer_id, sum(spent), sum(revenue), sum(clicks), sum(installations), sum(registrations), sum(deposits), sum(campaigns)
	FROM (SELECT date_trunc('month', date)::date AS month, creator_id, manager_id, offer_id, sum(spent) AS spent, sum(deposit_payment) AS revenue, sum(clicks) AS clicks, sum(installations) AS installations, sum(registrations) AS registrations, sum(deposits) AS deposits, count(*) AS campaigns FROM new_rows GROUP BY 1, 2, 3, 4
		UNION ALL SELECT date_trunc('month', date)::date AS month, creator_id, manager_id, offer_id, -sum(spent) AS spent, -sum(deposit_payment) AS revenue, -sum(clicks) AS clicks, -sum(installations) AS installations, -sum(registrations) AS registrations, -sum(deposits) AS deposits, -count(*) AS campaigns FROM old_rows GROUP BY 1, 2, 3, 4) AS delta
	GROUP BY month, creator_id, manager_id, offer_id
	HAVING sum(spent) <> 0 OR sum(revenue) <> 0 OR sum(clicks) <> 0 OR sum(installations) <> 0 OR sum(registrations) <> 0 OR sum(deposits) <> 0 OR sum(campaigns) <> 0
	ORDER BY month, creator_id, coalesce(manager_id, ''), coalesce(offer_id, '00000000-0000-0000-0000-000000000000'::uuid)
	ON CONFLICT (month, creator_id, coalesce(manager_id, ''), coalesce(offer_id, '00000000-0000-0000-0000-000000000000'::uuid)) DO UPDATE SET
		spent = t.spent + excluded.spent,
		revenue = t.revenue + excluded.revenue,
		clicks = t.clicks + excluded.clicks,
		installations = t.installations + excluded.installations,
		registrations = t.registrations + excluded.registrations,
		deposits = t.deposits + excluded.deposits,
		campaigns = t.campaigns + excluded.campaigns;
	DELETE FROM campaign_day_totals AS t
	USING (SELECT DISTINCT date, creator_id, manager_id FROM old_rows) AS k
	WHERE t.campaigns = 0 AND t.date = k.date AND t.creator_id = k.creator_id AND coalesce(t.manager_id, '') = coalesce(k.manager_id, '');
	DELETE FROM campaign_day_offer_totals AS t
	USING (SELECT DISTINCT date, offer_id FROM old_rows) AS k
	WHERE t.campaigns = 0 AND t.date = k.date AND coalesce(t.offer_id, '00000000-0000-0000-0000-000000000000'::uuid) = coalesce(k.offer_id, '00000000-0000-0000-0000-000000000000'::uuid);
	DELETE FROM campaign_month_totals AS t
	USING (SELECT DISTINCT date_trunc('month', date)::date AS month, creator_id, manager_id, offer_id FROM old_rows) AS k
	WHERE t.campaigns = 0 AND t.month = k.month AND t.creator_id = k.creator_id AND coalesce(t.manager_id, '') = coalesce(k.manager_id, '') AND coalesce(t.offer_id, '00000000-0000-0000-0000-000000000000'::uuid) = coalesce(k.offer_id, '00000000-0000-0000-0000-000000000000'::uuid);
	RETURN NULL;
END;
$$;
--> statement-breakpoint
-- DELETE: subtract the deleted rows' sums; drop emptied rows.
CREATE FUNCTION "campaign_totals_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO campaign_day_totals AS t (date, creator_id, manager_id, spent, revenue, clicks, installations, registrations, deposits, campaigns)
	SELECT date, creator_id, manager_id, -sum(spent) AS spent, -sum(deposit_payment) AS revenue, -sum(clicks) AS clicks, -sum(installations) AS installations, -sum(registrations) AS registrations, -sum(deposits) AS deposits, -count(*) AS campaigns FROM old_rows GROUP BY 1, 2, 3
	ORDER BY date, creator_id, coalesce(manager_id, '')
	ON CONFLICT (date, creator_id, coalesce(manager_id, '')) DO UPDATE SET
		spent = t.spent + excluded.spent,
		revenue = t.revenue + excluded.revenue,
		clicks = t.clicks + excluded.clicks,
		installations = t.installations + excluded.installations,
		registrations = t.registrations + excluded.registrations,
		deposits = t.deposits + excluded.deposits,
		campaigns = t.campaigns + excluded.campaigns;
	INSERT INTO campaign_day_offer_totals AS t (date, offer_id, spent, revenue, clicks, installations, registrations, deposits, campaigns)
	SELECT date, offer_id, -sum(spent) AS spent, -sum(deposit_payment) AS revenue, -sum(clicks) AS clicks, -sum(installations) AS installations, -sum(registrations) AS registrations, -sum(deposits) AS deposits, -count(*) AS campaigns FROM old_rows GROUP BY 1, 2
	ORDER BY date, coalesce(offer_id, '00000000-0000-0000-0000-000000000000'::uuid)
	ON CONFLICT (date, coalesce(offer_id, '00000000-0000-0000-0000-000000000000'::uuid)) DO UPDATE SET
		spent = t.spent + excluded.spent,
		revenue = t.revenue + excluded.revenue,
		clicks = t.clicks + excluded.clicks,
		installations = t.installations + excluded.installations,
		registrations = t.registrations + excluded.registrations,
		deposits = t.deposits + excluded.deposits,
		campaigns = t.campaigns + excluded.campaigns;
	INSERT INTO campaign_month_totals AS t (month, creator_id, manager_id, offer_id, spent, revenue, clicks, installations, registrations, deposits, campaigns)
	SELECT date_trunc('month', date)::date AS month, creator_id, manager_id, offer_id, -sum(spent) AS spent, -sum(deposit_payment) AS revenue, -sum(clicks) AS clicks, -sum(installations) AS installations, -sum(registrations) AS registrations, -sum(deposits) AS deposits, -count(*) AS campaigns FROM old_rows GROUP BY 1, 2, 3, 4
	ORDER BY month, creator_id, coalesce(manager_id, ''), coalesce(offer_id, '00000000-0000-0000-0000-000000000000'::uuid)
	ON CONFLICT (month, creator_id, coalesce(manager_id, ''), coalesce(offer_id, '00000000-0000-0000-0000-000000000000'::uuid)) DO UPDATE SET
		spent = t.spent + excluded.spent,
		revenue = t.revenue + excluded.revenue,
		clicks = t.clicks + excluded.clicks,
		installations = t.installations + excluded.installations,
		registrations = t.registrations + excluded.registrations,
		deposits = t.deposits + excluded.deposits,
		campaigns = t.campaigns + excluded.campaigns;
	DELETE FROM campaign_day_totals AS t
	USING (SELECT DISTINCT date, creator_id, manager_id FROM old_rows) AS k
	WHERE t.campaigns = 0 AND t.date = k.date AND t.creator_id = k.creator_id AND coalesce(t.manager_id, '') = coalesce(k.manager_id, '');
	DELETE FROM campaign_day_offer_totals AS t
	USING (SELECT DISTINCT date, offer_id FROM old_rows) AS k
	WHERE t.campaigns = 0 AND t.date = k.date AND coalesce(t.offer_id, '00000000-0000-0000-0000-000000000000'::uuid) = coalesce(k.offer_id, '00000000-0000-0000-0000-000000000000'::uuid);
	DELETE FROM campaign_month_totals AS t
	USING (SELECT DISTINCT date_trunc('month', date)::date AS month, creator_id, manager_id, offer_id FROM old_rows) AS k
	WHERE t.campaigns = 0 AND t.month = k.month AND t.creator_id = k.creator_id AND coalesce(t.manager_id, '') = coalesce(k.manager_id, '') AND coalesce(t.offer_id, '00000000-0000-0000-0000-000000000000'::uuid) = coalesce(k.offer_id, '00000000-0000-0000-0000-000000000000'::uuid);
	RETURN NULL;
END;
$$;
--> statement-breakpoint
-- TRUNCATE: nothing left to sum.
CREATE FUNCTION "campaign_totals_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	TRUNCATE campaign_day_totals, campaign_day_offer_totals, campaign_month_totals;
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
INSERT INTO campaign_day_totals (date, creator_id, manager_id, spent, revenue, clicks, installations, registrations, deposits, campaigns)
	SELECT date, creator_id, manager_id, sum(spent), sum(deposit_payment), sum(clicks), sum(installations), sum(registrations), sum(deposits), count(*) FROM campaigns GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO campaign_day_offer_totals (date, offer_id, spent, revenue, clicks, installations, registrations, deposits, campaigns)
	SELECT date, offer_id, sum(spent), sum(deposit_payment), sum(clicks), sum(installations), sum(registrations), sum(deposits), count(*) FROM campaigns GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO campaign_month_totals (month, creator_id, manager_id, offer_id, spent, revenue, clicks, installations, registrations, deposits, campaigns)
	SELECT date_trunc('month', date)::date AS month, creator_id, manager_id, offer_id, sum(spent), sum(deposit_payment), sum(clicks), sum(installations), sum(registrations), sum(deposits), count(*) FROM campaigns GROUP BY 1, 2, 3, 4;
