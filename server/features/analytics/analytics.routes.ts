import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  analyticsQuerySchema,
  analyticsSchema,
  metricsSummaryQuerySchema,
  metricsSummarySchema,
} from "../../../domain/schemas/campaigns";
import type { AppBindings, AppDeps } from "../../context";
import { createRouter, errors, requireActor } from "../../http";
import { readRequestTimeZone } from "../../workspace-context";
import { getAnalytics, getMetricsSummary } from "./analytics.service";

const summaryRoute = createRoute({
  method: "get",
  path: "/metrics/summary",
  operationId: "getMetricsSummary",
  tags: ["Analytics"],
  summary: "Today, last 7 days, last 30 days and all time for the viewer's scope (workspace time zone)",
  request: { query: metricsSummaryQuerySchema },
  responses: {
    200: {
      description: "The four periods",
      content: { "application/json": { schema: metricsSummarySchema } },
    },
    ...errors(400, 401),
  },
});

const analyticsRoute = createRoute({
  method: "get",
  path: "/analytics",
  operationId: "getAnalytics",
  tags: ["Analytics"],
  summary: "Totals, a daily series and breakdowns by offer and user, for the viewer's scope",
  request: { query: analyticsQuerySchema },
  responses: {
    200: { description: "Aggregates", content: { "application/json": { schema: analyticsSchema } } },
    ...errors(400, 401),
  },
});

export function createAnalyticsRoutes(deps: AppDeps) {
  const db = deps.database.db;
  // Read per request (docs/decisions/0020): a time-zone change applies to every process at once.
  const readTimeZone = (c: Context<AppBindings>) => readRequestTimeZone(c, db, deps.env.workspaceTimezone);
  return createRouter()
    .openapi(summaryRoute, async (c) => {
      const actor = requireActor(c);
      const { userId } = c.req.valid("query");
      return c.json(await getMetricsSummary({ db, actor, userId, timeZone: await readTimeZone(c) }), 200);
    })
    .openapi(analyticsRoute, async (c) => {
      const actor = requireActor(c);
      return c.json(
        await getAnalytics({ db, actor, query: c.req.valid("query"), timeZone: await readTimeZone(c) }),
        200,
      );
    });
}
