import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { stream } from "hono/streaming";
import { csvBom, formatCsvRow } from "../../../domain/csv";
import { todayIn } from "../../../domain/periods";
import { isLanguage, type Language } from "../../../domain/roles";
import {
  adminDashboardQuerySchema,
  dashboardSchema,
  financialAnalyticsSchema,
  financialPeriodQuerySchema,
  financialUserSchema,
  financialUsersQuerySchema,
  rangeQuerySchema,
  reportCsvQuerySchema,
  reportQuerySchema,
  reportSchema,
  userStatsSchema,
} from "../../../domain/schemas/reports";
import type { AppBindings, AppDeps } from "../../context";
import { createRouter, errors, jsonResponse, requireActor } from "../../http";
import { readRequestTimeZone } from "../../workspace-context";
import { reportCsvLabels } from "./reports.csv";
import {
  getAdminDashboard,
  getFinancialAnalytics,
  getFinancialDashboard,
  getReport,
  getUserStats,
  listFinancialUsers,
} from "./reports.service";

const adminDashboard = createRoute({
  method: "get",
  path: "/admin/dashboard",
  operationId: "getAdminDashboard",
  tags: ["Admin"],
  summary: "Totals and performance by offer and by user for a named period or a custom range (admins)",
  request: { query: adminDashboardQuerySchema },
  responses: { 200: jsonResponse(dashboardSchema, "Dashboard"), ...errors(400, 401, 403) },
});
const financialDashboard = createRoute({
  method: "get",
  path: "/financial/dashboard",
  operationId: "getFinancialDashboard",
  tags: ["Financial"],
  summary: "Totals and the per-user table for a named period or a custom range",
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
const report = createRoute({
  method: "get",
  path: "/reports",
  operationId: "getReport",
  tags: ["Financial"],
  summary: "The report builder: summary and tables by user and by offer, with ROI bounds per campaign",
  request: { query: reportQuerySchema },
  responses: { 200: jsonResponse(reportSchema, "Report"), ...errors(400, 401, 403) },
});
const reportCsv = createRoute({
  method: "get",
  path: "/reports.csv",
  operationId: "exportReportCsv",
  tags: ["Financial"],
  summary: "The same report as CSV (relatorio-financeiro-{date}.csv): rows by user, then by offer",
  request: { query: reportCsvQuerySchema },
  responses: {
    200: { description: "RFC 4180 CSV, UTF-8 with BOM", content: { "text/csv": { schema: z.string() } } },
    ...errors(400, 401, 403),
  },
});

/** The link's own choice first (it is what the reader sees), then the profile, then the header. */
function pickLanguage(
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
      const { period, from, to, userId } = c.req.valid("query");
      return c.json(
        await getAdminDashboard({
          db,
          actor: requireActor(c),
          period,
          from,
          to,
          userId,
          timeZone: await readTimeZone(c),
        }),
        200,
      );
    })
    .openapi(financialDashboard, async (c) => {
      const { period, from, to } = c.req.valid("query");
      return c.json(
        await getFinancialDashboard({
          db,
          actor: requireActor(c),
          period,
          from,
          to,
          timeZone: await readTimeZone(c),
        }),
        200,
      );
    })
    .openapi(financialAnalytics, async (c) => {
      const { period, from, to } = c.req.valid("query");
      return c.json(
        await getFinancialAnalytics({
          db,
          actor: requireActor(c),
          period,
          from,
          to,
          timeZone: await readTimeZone(c),
        }),
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
    })
    .openapi(report, async (c) =>
      c.json(
        await getReport({
          db,
          actor: requireActor(c),
          query: c.req.valid("query"),
          timeZone: await readTimeZone(c),
        }),
        200,
      ),
    )
    .openapi(reportCsv, async (c) => {
      const actor = requireActor(c);
      const { lang, ...query } = c.req.valid("query");
      const timeZone = await readTimeZone(c);
      const result = await getReport({ db, actor, query, timeZone });
      const labels = reportCsvLabels[pickLanguage(lang, actor.language, c.req.header("x-language"))];
      // The workspace's calendar day, like every other "today" (not the server's UTC date).
      const date = todayIn(timeZone);
      c.header("Content-Type", "text/csv; charset=utf-8");
      c.header("Content-Disposition", `attachment; filename="relatorio-financeiro-${date}.csv"`);
      c.header("Cache-Control", "no-store");
      const numeric = new Set([3, 4, 5, 6, 7, 8, 9]);
      return stream(c, async (out) => {
        await out.write(csvBom + formatCsvRow(labels.header));
        const row = (
          kind: string,
          name: string,
          detail: string,
          m: (typeof result.byUser)[number] | (typeof result.byOffer)[number],
        ) =>
          formatCsvRow(
            [kind, name, detail, m.campaigns, m.spent, m.revenue, m.profit, m.roi, m.epc, m.deposits],
            numeric,
          );
        let text = "";
        for (const u of result.byUser) text += row(labels.user, u.name, u.email, u);
        for (const o of result.byOffer)
          text += row(labels.offer, o.offerName ?? labels.offerNotFound, o.casinoBrand ?? "", o);
        await out.write(text);
      }) as never;
    });
}
