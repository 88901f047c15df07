import { existsSync } from "node:fs";
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

// react-router's package exports point every condition at its development build (upstream issue
// 14102); the production build differs only in ENABLE_DEV_WARNINGS. A build takes the production
// one, so a production page runs no development checks and logs none of their warnings (decision 0060).
const reactRouterProduction = path.resolve(
  import.meta.dirname,
  "node_modules/react-router/dist/production/index.mjs",
);

export default defineConfig(({ command }) => ({
  root: path.resolve(import.meta.dirname, "web"),
  publicDir: path.resolve(import.meta.dirname, "web", "public"),
  plugins: [react(), tailwindcss(), appShell.plugin],
  resolve: {
    alias: [
      { find: "@", replacement: path.resolve(import.meta.dirname, "web") },
      { find: "@domain", replacement: path.resolve(import.meta.dirname, "domain") },
      ...(command === "build"
        ? [{ find: /^react-router$/, replacement: resolveReactRouterProduction() }]
        : []),
    ],
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
    // at run time: on a throttled phone those appends cost the dashboard main-thread time before its
    // first render (Lighthouse mobile, measured in decision 0051). The browser fetches a chunk's static
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
}));

function resolveReactRouterProduction(): string {
  if (!existsSync(reactRouterProduction))
    throw new Error(`react-router's production build is not at ${reactRouterProduction}: see decision 0060`);
  return reactRouterProduction;
}
