import { homePathFor } from "@domain/permissions";
import type { Language } from "@domain/roles";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, useCallback, useContext } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { removeUserDrafts } from "@/lib/drafts";
import { changeLanguage, currentLanguage } from "@/lib/i18n";
import { queryKeys, queryClient as sharedQueryClient } from "@/lib/query-client";
import { toast } from "@/lib/toast";
import { fetchMe, type Me, signOut, updateMyLanguage } from "./api";

export const meQuery = {
  queryKey: queryKeys.me,
  queryFn: fetchMe,
  staleTime: 5 * 60_000,
};

/** The session: `user` is null when signed out; `isPending` while it resolves. */
export function useSession() {
  const query = useQuery(meQuery);
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
 * Aligns the UI language with the profile after the session resolves: the profile's language wins
 * when set; otherwise the device's choice is saved to the profile (mails use it).
 */
export async function syncLanguageWithProfile(user: Me): Promise<void> {
  if (user.language) {
    if (user.language !== currentLanguage()) await changeLanguage(user.language);
    return;
  }
  const language = currentLanguage();
  try {
    await updateMyLanguage(language);
    sharedQueryClient.setQueryData<Me | null>(queryKeys.me, (me) => (me ? { ...me, language } : me));
  } catch {
    // Not saved: the device keeps the choice and the next sign-in tries again.
  }
}

/** Loads the fresh session after sign-in and returns where the user should land. */
export async function completeSignIn(next: string | null): Promise<string> {
  await sharedQueryClient.invalidateQueries({ queryKey: queryKeys.me });
  const user = await sharedQueryClient.fetchQuery(meQuery);
  if (!user) throw new Error("Signed in but no session was found");
  await syncLanguageWithProfile(user);
  return next ?? homePathFor(user.role);
}

/** Switches the language and, when signed in, saves it to the profile. */
export function useChangeLanguage() {
  const client = useQueryClient();
  return useCallback(
    async (language: Language) => {
      await changeLanguage(language);
      const me = client.getQueryData<Me | null>(queryKeys.me);
      if (!me) return;
      client.setQueryData<Me | null>(queryKeys.me, (current) =>
        current ? { ...current, language } : current,
      );
      await updateMyLanguage(language);
    },
    [client],
  );
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

export function finishSigningOut(): void {
  signingOut = false;
}

export function useSignOut() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: async () => {
      signingOut = true;
      // Leave the signed-in area first: its notification stream and polls stop with it, so none of
      // them asks the server after the session has ended (a 401 for nothing). GuestOnly lets this
      // one navigation through although the user is still cached (signedOutState).
      await navigate("/login", { replace: true, state: signedOutState });
      await client.cancelQueries();
      await signOut();
    },
    // Here, not at the call: the menu that started the sign-out is gone by now.
    onError: () => toast.error(t("common:user.signOutError"), { duration: 5000 }),
    onSettled: () => {
      // Whatever the answer, nothing of this user stays in memory, nor unsaved typing on this device.
      const user = client.getQueryData<Me | null>(queryKeys.me);
      if (user) removeUserDrafts(user.id);
      client.setQueryData(queryKeys.me, null);
      client.removeQueries({
        predicate: (query) =>
          query.queryKey[0] !== queryKeys.config[0] && query.queryKey[0] !== queryKeys.me[0],
      });
    },
  });
}
