import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { isLanguage, type Language } from "../../../domain/roles";
import {
  adminDashboardQuerySchema,
  dashboardSchema,
  financialAnalyticsSchema,
  financialPeriodQuerySchema,
  financialUserSchema,
  financialUsersQuerySchema,
  rangeQuerySchema,
  userStatsSchema,
} from "../../../domain/schemas/reports";
import type { AppBindings, AppDeps } from "../../context";
import { createRouter, errors, jsonResponse, requireActor } from "../../http";
import { readRequestTimeZone } from "../../workspace-context";
import {
  getAdminDashboard,
  getFinancialAnalytics,
  getFinancialDashboard,
  getUserStats,
  listFinancialUsers,
} from "./reports.service";

const adminDashboard = createRoute({
  method: "get",
  path: "/admin/dashboard",
  operationId: "getAdminDashboard",
  tags: ["Admin"],
  summary: "Totals and performance by offer and by user for today, 7 or 30 days (admins)",
  request: { query: adminDashboardQuerySchema },
  responses: { 200: jsonResponse(dashboardSchema, "Dashboard"), ...errors(400, 401, 403) },
});
const financialDashboard = createRoute({
  method: "get",
  path: "/financial/dashboard",
  operationId: "getFinancialDashboard",
  tags: ["Financial"],
  summary: "Totals and the per-user table for 7, 30, 90 days or all time",
  request: { query: financialPeriodQuerySchema },
  responses: { 200: jsonResponse(dashboardSchema, "Dashboard"), ...errors(400, 401, 403) },
});
const financialAnalytics = createRoute({
  method: "get",
  path: "/financial/analytics",
  operationId: "getFinancialAnalytics",
  tags: ["Financial"],
  summary: "Overview with growth against the previous period, the funnel and the top-10 lists",
  request: { query: financialPeriodQuerySchema },
  responses: { 200: jsonResponse(financialAnalyticsSchema, "Analytics"), ...errors(400, 401, 403) },
});
const financialUsers = createRoute({
  method: "get",
  path: "/financial/users",
  operationId: "listFinancialUsers",
  tags: ["Financial"],
  summary: "Users with campaign totals and last campaign date; search by name or e-mail, filter by role",
  request: { query: financialUsersQuerySchema },
  responses: { 200: jsonResponse(z.array(financialUserSchema), "Users"), ...errors(400, 401, 403) },
});
const userStats = createRoute({
  method: "get",
  path: "/financial/users/{id}/stats",
  operationId: "getUserStats",
  tags: ["Financial"],
  summary: "One user's statistics for a named period or a custom range",
  request: { params: z.object({ id: z.string().min(1).max(100) }), query: rangeQuerySchema },
  responses: { 200: jsonResponse(userStatsSchema, "Statistics"), ...errors(400, 401, 403, 404) },
});
/** The link's own choice first (it is what the reader sees), then the profile, then the header. */
function _pickLanguage(
  requested: Language | undefined,
  actorLanguage: Language | null,
  header: string | undefined,
): Language {
  return requested ?? actorLanguage ?? (isLanguage(header) ? header : "pt-BR");
}

export function createReportsRoutes(deps: AppDeps) {
  const db = deps.database.db;
  // Read per request (docs/decisions/0020): a time-zone change applies to every process at once.
  const readTimeZone = (c: Context<AppBindings>) => readRequestTimeZone(c, db, deps.env.workspaceTimezone);
  return createRouter()
    .openapi(adminDashboard, async (c) => {
      const { period, userId } = c.req.valid("query");
      return c.json(
        await getAdminDashboard({
          db,
          actor: requireActor(c),
          period,
          userId,
          timeZone: await readTimeZone(c),
        }),
        200,
      );
    })
    .openapi(financialDashboard, async (c) => {
      const { period } = c.req.valid("query");
      return c.json(
        await getFinancialDashboard({ db, actor: requireActor(c), period, timeZone: await readTimeZone(c) }),
        200,
      );
    })
    .openapi(financialAnalytics, async (c) => {
      const { period } = c.req.valid("query");
      return c.json(
        await getFinancialAnalytics({ db, actor: requireActor(c), period, timeZone: await readTimeZone(c) }),
        200,
      );
    })
    .openapi(financialUsers, async (c) => {
      const { q, role } = c.req.valid("query");
      return c.json(await listFinancialUsers({ db, actor: requireActor(c), q, role }), 200);
    })
    .openapi(userStats, async (c) => {
      const stats = await getUserStats({
        db,
        actor: requireActor(c),
        userId: c.req.valid("param").id,
        range: c.req.valid("query"),
        timeZone: await readTimeZone(c),
      });
      return c.json(stats, 200);
    });
}
