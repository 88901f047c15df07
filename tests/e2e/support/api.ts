import { type APIRequestContext, request } from "@playwright/test";
import { type SeededRole, screensServer, storageStatePath } from "./env";

// API calls as a seeded role, for arranging data faster than through the screens.

const base = screensServer.baseURL;

/** A request context signed in as the role; the origin header satisfies the server's CSRF check. */
export async function apiAs(role: SeededRole): Promise<APIRequestContext> {
  return request.newContext({
    baseURL: base,
    storageState: storageStatePath(role),
    extraHTTPHeaders: { origin: base },
  });
}

/** Puts the roles' profile language back (the language checks switch it), so later specs read pt-BR. */
export async function restoreLanguage(roles: SeededRole[], language = "pt-BR") {
  for (const role of roles) {
    const api = await apiAs(role);
    // Not asserted: a failing cleanup should not hide the test's own result.
    await api.patch("/api/me", { data: { language } });
    await api.dispose();
  }
}
