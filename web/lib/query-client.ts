import { MutationCache, QueryCache, QueryClient, QueryObserver } from "@tanstack/react-query";
import { isApiError } from "./api";
import { queryKeys } from "./query-keys";
import { attachStartupQueries } from "./startup-query";

export { queryKeys };

// Loaded with the signed-in layout (or /reset-password), never by the sign-in screen (decision 0047).

function onUnauthenticated(error: unknown) {
  // A session that ended (expired, password reset elsewhere, deactivated) shows as signed out, and
  // the guards send the user to /login keeping where they were.
  if (isApiError(error) && error.status === 401) queryClient.setQueryData(queryKeys.me, null);
  // An admin just required two-factor of this role: the profile says so, and the guard sends the
  // user to /account to turn it on.
  if (isApiError(error) && error.code === "two_factor_required") {
    void queryClient.invalidateQueries({ queryKey: queryKeys.me });
  }
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (query.queryKey[0] !== queryKeys.me[0]) onUnauthenticated(error);
    },
  }),
  mutationCache: new MutationCache({ onError: onUnauthenticated }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A 4xx will answer the same again; network trouble and 5xx get two more tries.
      retry: (failureCount, error) =>
        isApiError(error) && error.status >= 400 && error.status < 500 ? false : failureCount < 2,
    },
    // A write is always sent, even when the browser says it is offline: TanStack's default would
    // pause it silently and save it whenever the connection came back (a spinner meanwhile). The
    // API client answers "unreachable" at once instead, and the form offers Retry (decision 0069).
    mutations: { retry: false, networkMode: "always" },
  },
});

// The session and the configuration, read without TanStack until now, are run by this client from here on.
attachStartupQueries(queryClient, QueryObserver);
