import { createRoute, z } from "@hono/zod-openapi";
import type { AppDeps } from "../../context";
import { pingDatabase } from "../../db/client";
import { createRouter } from "../../http";

const healthSchema = z
  .object({
    status: z.enum(["ok", "degraded"]),
    database: z.enum(["pglite", "postgres"]),
  })
  .meta({ id: "Health" });

const getHealth = createRoute({
  method: "get",
  path: "/health",
  operationId: "getHealth",
  tags: ["System"],
  summary: "Liveness and database reachability (for load balancers)",
  responses: {
    200: {
      description: "The server and its database answer",
      content: { "application/json": { schema: healthSchema } },
    },
    503: {
      description: "The database does not answer",
      content: { "application/json": { schema: healthSchema } },
    },
  },
});

export function createHealthRoutes(deps: AppDeps) {
  return createRouter().openapi(getHealth, async (c) => {
    const ok = await pingDatabase(deps.database.db);
    const body = { status: ok ? ("ok" as const) : ("degraded" as const), database: deps.database.kind };
    return ok ? c.json(body, 200) : c.json(body, 503);
  });
}
