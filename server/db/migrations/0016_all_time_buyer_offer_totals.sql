-- All-time buyer × team lead × offer totals (issue 25, docs/decisions/0089): the pivot's buyer × offer
-- report over all time summed the month × buyer × team lead × offer rows (about 180,000 at the
-- benchmark's million campaigns: 172 ms of SQL a call). The triggers of migrations 0006 and 0008 gain
-- one grouping set, (creator_id, manager_id, offer_id): GROUPING() over (date, month, creator_id,
-- manager_id, offer_id) = 24, its period '-infinity' (the key needs a date; every "up to" range
-- includes it). Everything else in the three functions is as it was.
CREATE OR REPLACE FUNCTION "campaign_totals_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO campaign_totals AS t (grain, period, creator_id, manager_id, offer_id, spent, revenue, clicks, installations, registrations, deposits, campaigns)
	SELECT grouping(r.date, r.month, r.creator_id, r.manager_id, r.offer_id), coalesce(r.date, r.month, '-infinity'::date),
		r.creator_id, r.manager_id, r.offer_id, sum(r.spent), sum(r.revenue), sum(r.clicks), sum(r.installations), sum(r.registrations), sum(r.deposits), sum(r.campaigns)
	FROM (SELECT date, date_trunc('month', date)::date AS month, creator_id, manager_id, offer_id, spent AS spent,
			deposit_payment AS revenue, clicks AS clicks, installations AS installations, registrations AS registrations,
			deposits AS deposits, 1 AS campaigns FROM new_rows) AS r
	GROUP BY GROUPING SETS ((r.date, r.creator_id, r.manager_id), (r.date, r.manager_id), (r.date, r.offer_id), (r.date),
		(r.month, r.creator_id, r.manager_id, r.offer_id), (r.month, r.creator_id, r.manager_id), (r.month, r.offer_id),
		(r.creator_id, r.manager_id, r.offer_id))
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
CREATE OR REPLACE FUNCTION "campaign_totals_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	emptied_grain smallint[];
	emptied_period date[];
	emptied_creator text[];
	emptied_manager text[];
	emptied_offer uuid[];
BEGIN
	WITH changed AS (
		INSERT INTO campaign_totals AS t (grain, period, creator_id, manager_id, offer_id, spent, revenue, clicks, installations, registrations, deposits, campaigns)
		SELECT grouping(r.date, r.month, r.creator_id, r.manager_id, r.offer_id), coalesce(r.date, r.month, '-infinity'::date),
			r.creator_id, r.manager_id, r.offer_id, sum(r.spent), sum(r.revenue), sum(r.clicks), sum(r.installations), sum(r.registrations), sum(r.deposits), sum(r.campaigns)
		FROM (SELECT date, date_trunc('month', date)::date AS month, creator_id, manager_id, offer_id, spent AS spent,
				deposit_payment AS revenue, clicks AS clicks, installations AS installations, registrations AS registrations,
				deposits AS deposits, 1 AS campaigns FROM new_rows
			UNION ALL SELECT date, date_trunc('month', date)::date AS month, creator_id, manager_id, offer_id, -spent AS spent,
				-deposit_payment AS revenue, -clicks AS clicks, -installations AS installations, -registrations AS registrations,
				-deposits AS deposits, -1 AS campaigns FROM old_rows) AS r
		GROUP BY GROUPING SETS ((r.date, r.creator_id, r.manager_id), (r.date, r.manager_id), (r.date, r.offer_id), (r.date),
			(r.month, r.creator_id, r.manager_id, r.offer_id), (r.month, r.creator_id, r.manager_id), (r.month, r.offer_id),
		(r.creator_id, r.manager_id, r.offer_id))
		HAVING sum(r.spent) <> 0 OR sum(r.revenue) <> 0 OR sum(r.clicks) <> 0 OR sum(r.installations) <> 0 OR sum(r.registrations) <> 0 OR sum(r.deposits) <> 0 OR sum(r.campaigns) <> 0
		ORDER BY 1, 2, coalesce(r.creator_id, ''), coalesce(r.manager_id, ''), coalesce(r.offer_id, '00000000-0000-0000-0000-000000000000'::uuid)
		ON CONFLICT (grain, period, coalesce(creator_id, ''), coalesce(manager_id, ''), coalesce(offer_id, '00000000-0000-0000-0000-000000000000'::uuid)) DO UPDATE SET
			spent = t.spent + excluded.spent,
			revenue = t.revenue + excluded.revenue,
			clicks = t.clicks + excluded.clicks,
			installations = t.installations + excluded.installations,
			registrations = t.registrations + excluded.registrations,
			deposits = t.deposits + excluded.deposits,
			campaigns = t.campaigns + excluded.campaigns
		RETURNING t.grain, t.period, t.creator_id, t.manager_id, t.offer_id, t.campaigns
	)
	SELECT array_agg(grain), array_agg(period), array_agg(creator_id), array_agg(manager_id), array_agg(offer_id)
	INTO emptied_grain, emptied_period, emptied_creator, emptied_manager, emptied_offer
	FROM changed WHERE campaigns = 0;
	IF emptied_grain IS NOT NULL THEN
		DELETE FROM campaign_totals AS t
		USING unnest(emptied_grain, emptied_period, emptied_creator, emptied_manager, emptied_offer)
			AS e(grain, period, creator_id, manager_id, offer_id)
		WHERE t.grain = e.grain AND t.period = e.period
			AND coalesce(t.creator_id, '') = coalesce(e.creator_id, '')
			AND coalesce(t.manager_id, '') = coalesce(e.manager_id, '')
			AND coalesce(t.offer_id, '00000000-0000-0000-0000-000000000000'::uuid) = coalesce(e.offer_id, '00000000-0000-0000-0000-000000000000'::uuid)
			AND t.campaigns = 0;
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "campaign_totals_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	emptied_grain smallint[];
	emptied_period date[];
	emptied_creator text[];
	emptied_manager text[];
	emptied_offer uuid[];
BEGIN
	WITH changed AS (
		INSERT INTO campaign_totals AS t (grain, period, creator_id, manager_id, offer_id, spent, revenue, clicks, installations, registrations, deposits, campaigns)
		SELECT grouping(r.date, r.month, r.creator_id, r.manager_id, r.offer_id), coalesce(r.date, r.month, '-infinity'::date),
			r.creator_id, r.manager_id, r.offer_id, sum(r.spent), sum(r.revenue), sum(r.clicks), sum(r.installations), sum(r.registrations), sum(r.deposits), sum(r.campaigns)
		FROM (SELECT date, date_trunc('month', date)::date AS month, creator_id, manager_id, offer_id, -spent AS spent,
				-deposit_payment AS revenue, -clicks AS clicks, -installations AS installations, -registrations AS registrations,
				-deposits AS deposits, -1 AS campaigns FROM old_rows) AS r
		GROUP BY GROUPING SETS ((r.date, r.creator_id, r.manager_id), (r.date, r.manager_id), (r.date, r.offer_id), (r.date),
			(r.month, r.creator_id, r.manager_id, r.offer_id), (r.month, r.creator_id, r.manager_id), (r.month, r.offer_id),
		(r.creator_id, r.manager_id, r.offer_id))
		ORDER BY 1, 2, coalesce(r.creator_id, ''), coalesce(r.manager_id, ''), coalesce(r.offer_id, '00000000-0000-0000-0000-000000000000'::uuid)
		ON CONFLICT (grain, period, coalesce(creator_id, ''), coalesce(manager_id, ''), coalesce(offer_id, '00000000-0000-0000-0000-000000000000'::uuid)) DO UPDATE SET
			spent = t.spent + excluded.spent,
			revenue = t.revenue + excluded.revenue,
			clicks = t.clicks + excluded.clicks,
			installations = t.installations + excluded.installations,
			registrations = t.registrations + excluded.registrations,
			deposits = t.deposits + excluded.deposits,
			campaigns = t.campaigns + excluded.campaigns
		RETURNING t.grain, t.period, t.creator_id, t.manager_id, t.offer_id, t.campaigns
	)
	SELECT array_agg(grain), array_agg(period), array_agg(creator_id), array_agg(manager_id), array_agg(offer_id)
	INTO emptied_grain, emptied_period, emptied_creator, emptied_manager, emptied_offer
	FROM changed WHERE campaigns = 0;
	IF emptied_grain IS NOT NULL THEN
		DELETE FROM campaign_totals AS t
		USING unnest(emptied_grain, emptied_period, emptied_creator, emptied_manager, emptied_offer)
			AS e(grain, period, creator_id, manager_id, offer_id)
		WHERE t.grain = e.grain AND t.period = e.period
			AND coalesce(t.creator_id, '') = coalesce(e.creator_id, '')
			AND coalesce(t.manager_id, '') = coalesce(e.manager_id, '')
			AND coalesce(t.offer_id, '00000000-0000-0000-0000-000000000000'::uuid) = coalesce(e.offer_id, '00000000-0000-0000-0000-000000000000'::uuid)
			AND t.campaigns = 0;
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The campaigns that exist already (this migration's transaction holds the functions' replacement
-- and the rows together).
INSERT INTO campaign_totals (grain, period, creator_id, manager_id, offer_id, spent, revenue, clicks, installations, registrations, deposits, campaigns)
	SELECT 24, '-infinity'::date, creator_id, manager_id, offer_id, sum(spent), sum(deposit_payment), sum(clicks),
		sum(installations), sum(registrations), sum(deposits), count(*)
	FROM campaigns GROUP BY creator_id, manager_id, offer_id;
--> statement-breakpoint
ANALYZE campaign_totals;
