import "./styles.css";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { LazyToaster } from "@/components/ui/lazy-toaster";
import { meQuery } from "@/features/auth/session";
import { configQuery } from "@/lib/config";
import { initI18n } from "@/lib/i18n";
import { queryClient } from "@/lib/query-client";
import { ThemeProvider } from "@/lib/theme";
import { createRouter } from "@/routes/router";

async function start() {
  // The session, the public configuration and the current route's chunks (a data router loads a
  // lazy route as soon as it is created) all load while the texts do.
  void queryClient.prefetchQuery(meQuery);
  void queryClient.prefetchQuery(configQuery);
  const router = createRouter();
  await initI18n();

  const container = document.getElementById("root");
  if (!container) throw new Error("#root is missing from index.html");
  createRoot(container).render(
    <StrictMode>
      <ThemeProvider>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
          <LazyToaster />
        </QueryClientProvider>
      </ThemeProvider>
    </StrictMode>,
  );
}

void start();
