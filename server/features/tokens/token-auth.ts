import type { Context } from "hono";
import type { RequestClient } from "../../audit";
import type { AppBindings } from "../../context";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { resolveTokenActor } from "./tokens.service";

// `Authorization: Bearer <token>` on the campaign endpoints (issue 11). Anywhere else a token is
// refused outright, so a script's token can never reach user management, payments or settings.

const tokenPaths = /^\/api\/campaigns(\/|$)/;

/** OpenAPI security of the campaign endpoints: the session cookie or a personal API token. */
export const campaignSecurity: Record<string, string[]>[] = [{}, { bearerToken: [] }];

/** True when the request carries a bearer token (the session cookie is then ignored). */
export function hasBearerToken(c: Context<AppBindings>): boolean {
  return /^bearer\s/i.test(c.req.header("authorization") ?? "");
}

/** Sets the actor from the bearer token, or throws 401. */
export async function authenticateBearer(
  c: Context<AppBindings>,
  db: Db,
  client: RequestClient,
): Promise<void> {
  if (!tokenPaths.test(c.req.path))
    throw new AppError(
      "unauthenticated",
      "API tokens work on the campaign endpoints only.",
      undefined,
      "token_not_allowed_here",
    );
  const secret = (c.req.header("authorization") ?? "").replace(/^bearer\s+/i, "").trim();
  const actor = await resolveTokenActor(db, secret);
  if (!actor)
    throw new AppError(
      "unauthenticated",
      "The token is invalid, expired or revoked.",
      undefined,
      "invalid_token",
    );
  c.set("actor", { ...actor, client });
}
