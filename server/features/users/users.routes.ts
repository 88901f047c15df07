import { createRoute, z } from "@hono/zod-openapi";
import { userIdField } from "../../../domain/schemas/fields";
import { sessionsRevokedSchema } from "../../../domain/schemas/sessions";
import {
  userCreatedSchema,
  userCreateSchema,
  userListQuerySchema,
  userPatchSchema,
  userSchema,
} from "../../../domain/schemas/users";
import type { AppDeps } from "../../context";
import { createRouter, errors, jsonResponse, requireActor, requirePermission } from "../../http";
import { createUsersService } from "./users.service";

const tags = ["Users"];
const idParams = z.object({ id: userIdField });

const listRoute = createRoute({
  method: "get",
  path: "/users",
  operationId: "listUsers",
  tags,
  summary:
    "Users the viewer may see (admins, financial: all; team leads: self and their buyers; buyers: self and their lead)",
  request: { query: userListQuerySchema },
  responses: { 200: jsonResponse(z.array(userSchema), "Users by name"), ...errors(400, 401) },
});
const getRoute = createRoute({
  method: "get",
  path: "/users/{id}",
  operationId: "getUser",
  tags,
  summary: "One user the viewer may see",
  request: { params: idParams },
  responses: { 200: jsonResponse(userSchema, "The user"), ...errors(400, 401, 404) },
});
const createRouteDef = createRoute({
  method: "post",
  path: "/users",
  operationId: "inviteUser",
  tags,
  summary: "Invite a user (admins): a set-password link goes by mail, or back to the admin without SMTP",
  request: { body: { content: { "application/json": { schema: userCreateSchema } }, required: true } },
  responses: { 201: jsonResponse(userCreatedSchema, "The created user"), ...errors(400, 401, 403, 409) },
});
const patchRoute = createRoute({
  method: "patch",
  path: "/users/{id}",
  operationId: "updateUser",
  tags,
  summary: "Change name, role or team lead (admins); applies on the user's next request",
  request: {
    params: idParams,
    body: { content: { "application/json": { schema: userPatchSchema } }, required: true },
  },
  responses: { 200: jsonResponse(userSchema, "The updated user"), ...errors(400, 401, 403, 404, 422) },
});
const deleteRoute = createRoute({
  method: "delete",
  path: "/users/{id}",
  operationId: "deleteUser",
  tags,
  summary:
    "Delete a user and their campaigns, notes, notifications, creative requests, assignments and statements (admins); 409 has_payouts, or 409 month_closed when they have campaigns in a month their statement has closed",
  request: { params: idParams },
  responses: { 204: { description: "Deleted" }, ...errors(400, 401, 403, 404, 409, 422) },
});
const deactivateRoute = createRoute({
  method: "post",
  path: "/users/{id}/deactivate",
  operationId: "deactivateUser",
  tags,
  summary: "Deactivate a user (admins): sign-in blocked, sessions ended, history kept",
  request: { params: idParams },
  responses: { 200: jsonResponse(userSchema, "The deactivated user"), ...errors(400, 401, 403, 404, 422) },
});

const reactivateRoute = createRoute({
  method: "post",
  path: "/users/{id}/reactivate",
  operationId: "reactivateUser",
  tags,
  summary: "Reactivate a deactivated user (admins): sign-in allowed again, role, team and history unchanged",
  request: { params: idParams },
  responses: { 200: jsonResponse(userSchema, "The reactivated user"), ...errors(400, 401, 403, 404) },
});

const revokeSessionsRoute = createRoute({
  method: "post",
  path: "/users/{id}/sessions/revoke",
  operationId: "revokeUserSessions",
  tags,
  summary: "End every session of a user (admins); their next request answers 401",
  request: { params: idParams },
  responses: { 200: jsonResponse(sessionsRevokedSchema, "How many ended"), ...errors(400, 401, 403, 404) },
});
const disableTwoFactorRoute = createRoute({
  method: "post",
  path: "/users/{id}/two-factor/disable",
  operationId: "disableUserTwoFactor",
  tags,
  summary:
    "Turn off a user's two-factor sign-in (admins, e.g. a lost phone): secret, backup codes and trusted devices go",
  request: { params: idParams },
  responses: { 200: jsonResponse(userSchema, "The user"), ...errors(400, 401, 403, 404) },
});

export function createUsersRoutes(deps: AppDeps) {
  const service = createUsersService({
    db: deps.database.db,
    env: deps.env,
    mailer: deps.mailer,
    logger: deps.logger,
  });
  return createRouter()
    .openapi(listRoute, async (c) => {
      const { q, role } = c.req.valid("query");
      return c.json(await service.listUsers({ actor: requireActor(c), q, role }), 200);
    })
    .openapi(getRoute, async (c) =>
      c.json(await service.getUser({ actor: requireActor(c), userId: c.req.valid("param").id }), 200),
    )
    .openapi(createRouteDef, async (c) => {
      const actor = requirePermission(c, "users:manage");
      const body = c.req.valid("json");
      const result = await service.createUserWithInvite({
        actor,
        email: body.email,
        name: body.name,
        role: body.role,
        managerId: body.managerId ?? null,
      });
      const user = await service.getUser({ actor, userId: result.user.id });
      // A link delivered by SMTP stays in the invitee's mailbox; otherwise the admin passes it on.
      const handOver =
        result.setPasswordUrl && !(result.invitation?.delivered && result.invitation.transport === "smtp");
      return c.json(
        {
          user,
          ...(handOver ? { setPasswordUrl: result.setPasswordUrl } : {}),
          ...(result.invitation ? { invitation: result.invitation } : {}),
        },
        201,
      );
    })
    .openapi(patchRoute, async (c) => {
      const actor = requirePermission(c, "users:manage");
      const user = await service.updateUser({
        actor,
        userId: c.req.valid("param").id,
        patch: c.req.valid("json"),
      });
      return c.json(user, 200);
    })
    .openapi(deleteRoute, async (c) => {
      const actor = requirePermission(c, "users:manage");
      await service.deleteUser({ actor, userId: c.req.valid("param").id });
      return c.body(null, 204);
    })
    .openapi(deactivateRoute, async (c) => {
      const actor = requirePermission(c, "users:manage");
      const userId = c.req.valid("param").id;
      await service.deactivateUser({ actor, userId });
      return c.json(await service.getUser({ actor, userId }), 200);
    })
    .openapi(reactivateRoute, async (c) => {
      const actor = requirePermission(c, "users:manage");
      const userId = c.req.valid("param").id;
      await service.reactivateUser({ actor, userId });
      return c.json(await service.getUser({ actor, userId }), 200);
    })
    .openapi(revokeSessionsRoute, async (c) => {
      const actor = requirePermission(c, "users:manage");
      const revoked = await service.revokeUserSessions({ actor, userId: c.req.valid("param").id });
      return c.json({ revoked }, 200);
    })
    .openapi(disableTwoFactorRoute, async (c) => {
      const actor = requirePermission(c, "users:manage");
      const userId = c.req.valid("param").id;
      await service.disableUserTwoFactor({ actor, userId });
      return c.json(await service.getUser({ actor, userId }), 200);
    });
}
