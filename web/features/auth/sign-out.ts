import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { removeUserDrafts } from "@/lib/drafts";
import { queryKeys } from "@/lib/query-keys";
import { toast } from "@/lib/toast";
import { type Me, signOut } from "./api";
import { signedOutState, startSigningOut } from "./session";

// Signing out, apart from session.ts: it runs in the signed-in area, with TanStack Query, which the
// sign-in screen does not load (decision 0047).

export function useSignOut() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: async () => {
      startSigningOut();
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
