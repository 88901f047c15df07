import type { MiddlewareHandler } from "hono";
import type { AppBindings } from "./context";
import { AppError } from "./errors";

// CSRF (issue 27): a state-changing call that carries cookies must prove it comes from our own
// pages. Browsers send `Origin` on every POST/PUT/PATCH/DELETE made by fetch or a form, and
// `Sec-Fetch-Site` with it; a page on another site can make the browser attach our session cookie
// but cannot forge either header. So:
//   - a foreign `Origin` (or "null") is refused, with or without cookies (login CSRF too);
//   - a `Sec-Fetch-Site` other than same-origin is refused (same-site is another origin);
//   - with cookies, the call must carry `Origin` equal to APP_URL's origin, or, when a browser
//     leaves Origin out, `Sec-Fetch-Site: same-origin`. A `Referer` alone proves nothing.
// Calls without cookies (scripts, curl, sign-up from a tool) cannot ride on a victim's session and
// keep working without either header. Bearer-token calls are exempt: a page on another site cannot
// make a browser attach an Authorization header (that needs a CORS preflight this server never
// grants). Under /api/auth a bearer header means nothing (Better Auth reads the cookie), so there
// the rule applies whatever Authorization says.

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

export type OriginFacts = {
  method: string;
  path: string;
  origin: string | undefined;
  secFetchSite: string | undefined;
  hasCookie: boolean;
  hasBearer: boolean;
};

/** Why a call is refused, or null when it may go on. */
export function judgeRequestOrigin(facts: OriginFacts, appOrigin: string): string | null {
  if (safeMethods.has(facts.method.toUpperCase())) return null;
  if (facts.hasBearer && !facts.path.startsWith("/api/auth/")) return null;
  if (facts.origin !== undefined && facts.origin !== appOrigin)
    return `Origin ${facts.origin} is not ${appOrigin}.`;
  const site = facts.secFetchSite?.toLowerCase();
  if (site !== undefined && site !== "same-origin") return `Sec-Fetch-Site is ${site}.`;
  if (facts.hasCookie && facts.origin === undefined && site !== "same-origin")
    return "A call with cookies must carry Origin (or Sec-Fetch-Site: same-origin).";
  return null;
}

export const crossOriginRefused = (detail: string) =>
  new AppError(
    "forbidden",
    `Requests from another site are not accepted: ${detail}`,
    undefined,
    "cross_origin_refused",
  );

/** The middleware: 403 `cross_origin_refused` for the calls judgeRequestOrigin refuses. */
export function refuseCrossOriginWrites(appUrl: string): MiddlewareHandler<AppBindings> {
  const appOrigin = new URL(appUrl).origin;
  return async (c, next) => {
    const refusal = judgeRequestOrigin(
      {
        method: c.req.method,
        path: c.req.path,
        origin: c.req.header("origin"),
        secFetchSite: c.req.header("sec-fetch-site"),
        hasCookie: (c.req.header("cookie") ?? "").trim() !== "",
        hasBearer: /^bearer\s/i.test(c.req.header("authorization") ?? ""),
      },
      appOrigin,
    );
    if (refusal) throw crossOriginRefused(refusal);
    await next();
  };
}
