-- Access follows the current assignment (issue 25, docs/decisions/0078): campaigns.manager_id is the
-- creator's team lead now, not the one they had when the row was logged. Rows logged before a buyer
-- changed teams kept the old lead; this brings them to the buyer's current lead. The statement
-- trigger on campaigns moves their sums between the team leads' totals in the same statement.
UPDATE "campaigns" AS c SET "manager_id" = u."manager_id"
FROM "users" AS u
WHERE u."id" = c."creator_id" AND c."manager_id" IS DISTINCT FROM u."manager_id";
