import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { LazyToaster } from "@/components/ui/lazy-toaster";
import { sessionQuery } from "@/features/auth/session";
import { configQuery } from "@/lib/config";
import { initI18n } from "@/lib/i18n";
import { ThemeProvider } from "@/lib/theme";
import { createRouter } from "@/routes/router";

async function start() {
  // The session, the public configuration and the current route's chunks (a data router loads a
  // lazy route as soon as it is created) all load while the texts do.
  sessionQuery.refetchIfStale();
  configQuery.refetchIfStale();
  const router = createRouter();
  await initI18n();

  const container = document.getElementById("root");
  if (!container) throw new Error("#root is missing from index.html");
  createRoot(container).render(
    <StrictMode>
      <ThemeProvider>
        {/* TanStack Query is provided by the signed-in layout (lib/query-provider.tsx, decision 0047). */}
        <RouterProvider router={router} />
        <LazyToaster />
      </ThemeProvider>
    </StrictMode>,
  );
}

void start();
