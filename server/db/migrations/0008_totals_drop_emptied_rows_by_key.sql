-- Campaign totals (docs/decisions/0042, 0054): the update and delete triggers drop the totals rows
-- they emptied by those rows' keys, which the upsert returns. Before, they deleted every row with no
-- campaigns left in the touched days and months: a scan of about 2,600 rows of the unique key for
-- one campaign update on the benchmark's million rows, half of the update's database time. The
-- upserts are those of migration 0006, unchanged. A row can only reach zero campaigns in the upsert
-- of the statement that removes its last campaign, and this statement holds that row's lock until
-- it commits, so no other writer can refill it in between.
-- UPDATE: add the new versions and subtract the old ones (a moved key moves its sums); drop emptied rows.
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
-- DELETE: subtract the deleted rows' sums; drop emptied rows.
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
