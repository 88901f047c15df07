import type { Language } from "@domain/roles";
import { createContext, useCallback, useContext } from "react";
import {
  changeLanguage,
  currentLanguage,
  rememberLanguageChosenSignedOut,
  takeLanguageChosenSignedOut,
} from "@/lib/i18n";
import { queryKeys } from "@/lib/query-keys";
import { createStartupQuery, useStartupQuery } from "@/lib/startup-query";
import { fetchMe, type Me, updateMyLanguage } from "./api";
import { landingPathFor } from "./next-path";

// The session, read without TanStack Query until the signed-in area loads it (lib/startup-query.ts);
// the key stays queryKeys.me, so `setQueryData`/`invalidateQueries` on it still reach it.
export const sessionQuery = createStartupQuery<Me | null>({
  queryKey: queryKeys.me,
  queryFn: fetchMe,
  staleTime: 5 * 60_000,
});

/** The session: `user` is null when signed out; `isPending` while it resolves. */
export function useSession() {
  const query = useStartupQuery(sessionQuery);
  return { user: query.data ?? null, isPending: query.isPending, error: query.error, refetch: query.refetch };
}

/**
 * The signed-in user, provided by RequireAuth to everything it renders. Reading it from context
 * (not from the session query) means a component of the signed-in area never renders without a
 * user: when the session ends, RequireAuth swaps the whole area for a redirect in one render.
 */
export const CurrentUserContext = createContext<Me | null>(null);

/** The signed-in user, for components that only render inside the signed-in area. */
export function useCurrentUser(): Me {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error("useCurrentUser needs a session (render it behind RequireAuth)");
  return user;
}

/**
 * Aligns the UI language with the profile after the session resolves (docs/decisions/0093):
 * a language picked on the signed-out screens of this tab wins and becomes the profile's; else the
 * profile's language wins when set; else the device's choice is saved to the profile (mails use it).
 */
export async function syncLanguageWithProfile(user: Me): Promise<void> {
  const chosen = takeLanguageChosenSignedOut();
  if (chosen) {
    if (chosen !== currentLanguage()) await changeLanguage(chosen);
    if (user.language !== chosen) await saveProfileLanguage(chosen);
    return;
  }
  if (user.language) {
    if (user.language !== currentLanguage()) await changeLanguage(user.language);
    return;
  }
  await saveProfileLanguage(currentLanguage());
}

async function saveProfileLanguage(language: Language): Promise<void> {
  // The cached profile first: a second sync (the signed-in layout's) sees the language at once.
  sessionQuery.setData((me) => (me ? { ...me, language } : (me ?? null)));
  try {
    await updateMyLanguage(language);
  } catch {
    // Not saved: the device keeps the choice and the next sign-in tries again.
  }
}

/** Loads the fresh session after sign-in and returns where the user should land. */
export async function completeSignIn(next: string | null): Promise<string> {
  const user = await sessionQuery.fetchFresh();
  if (!user) throw new Error("Signed in but no session was found");
  await syncLanguageWithProfile(user);
  return landingPathFor(user, next);
}

/** Switches the language and, when signed in, saves it to the profile. */
export function useChangeLanguage() {
  return useCallback(async (language: Language) => {
    await changeLanguage(language);
    if (!sessionQuery.getState().data) {
      rememberLanguageChosenSignedOut(language);
      return;
    }
    sessionQuery.setData((current) => (current ? { ...current, language } : (current ?? null)));
    await updateMyLanguage(language);
  }, []);
}

/** History state of the navigation to /login that signing out makes. */
export const signedOutState = { signedOut: true } as const;

export function isSignOutNavigation(state: unknown): boolean {
  return typeof state === "object" && state !== null && (state as { signedOut?: unknown }).signedOut === true;
}

// Set from the start of a sign-out until a guest page has rendered. Ending the session makes other
// requests (the notification stream, polls) answer 401 and the navigation to /login commits in a
// transition, so the signed-in area can re-render without a user before /login shows; RequireAuth
// then must send the user to a plain /login, not to /login?next=<this page>.
let signingOut = false;

export function isSigningOut(): boolean {
  return signingOut;
}

export function startSigningOut(): void {
  signingOut = true;
}

export function finishSigningOut(): void {
  signingOut = false;
}
