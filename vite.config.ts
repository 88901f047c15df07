import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { appShellChunk } from "./scripts/app-shell-chunk.ts";

const appShell = appShellChunk({
  root: path.resolve(import.meta.dirname, "web"),
  shell: ["routes/app-layout.tsx", "routes/buyer/dashboard.tsx"],
  outside: [
    "routes/auth-layout.tsx",
    "routes/auth/login.tsx",
    "routes/auth/register.tsx",
    "routes/auth/forgot-password.tsx",
    "routes/auth/reset-password.tsx",
  ],
  // scripts/build.mjs: a first build writes the plan, the second one uses it.
  planFile: path.resolve(import.meta.dirname, "dist", "app-shell-plan.json"),
  mode: process.env.PLACAR_APP_SHELL as "plan" | "use" | undefined,
});

export default defineConfig({
  root: path.resolve(import.meta.dirname, "web"),
  publicDir: path.resolve(import.meta.dirname, "web", "public"),
  plugins: [react(), tailwindcss(), appShell.plugin],
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname, "web"),
      "@domain": path.resolve(import.meta.dirname, "domain"),
    },
  },
  build: {
    outDir: path.resolve(import.meta.dirname, "dist", "web"),
    emptyOutDir: true,
    sourcemap: true,
    // Lets `npm run bench` add up the JavaScript each route needs (bench/web-size.ts).
    manifest: true,
    // Two chunks planned by scripts/app-shell-chunk.ts (decision 0053): the entry's modules, and the
    // signed-in shell's; only the planned modules, not their dependencies.
    rolldownOptions: {
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: appShell.groups,
        },
      },
    },
    // A lazy route's JavaScript dependencies are not preloaded by appending <link rel=modulepreload>
    // at run time: on a throttled phone those appends cost the dashboard about 280 ms of main thread
    // before its first render (Lighthouse mobile, decision 0051). The browser fetches a chunk's static
    // imports itself. index.html keeps its preloads, and CSS dependencies still load.
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === "html" ? deps : deps.filter((dep) => dep.endsWith(".css")),
    },
  },
  server: {
    port: 5173,
    proxy: { "/api": { target: "http://localhost:3000", changeOrigin: false } },
  },
});
