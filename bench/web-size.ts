import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

// The JavaScript each route needs on first load: the entry chunk, the route's lazy chunks (its
// layout and page) and every chunk they import statically, read from Vite's manifest. Dynamic
// imports (charts, other locales, other routes) load later and are not counted, except the pt-BR
// signed-in texts and tailwind-merge, which the signed-in layout awaits before it shows
// (web/locales/load.ts, web/lib/utils.ts).

export type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
export type Manifest = Record<string, ManifestChunk>;

/** Every JS file the given manifest keys load, following static imports; entry first. */
export function collectRouteFiles(manifest: Manifest, keys: readonly string[]): string[] {
  const seen = new Set<string>();
  const files: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The Vite manifest has no chunk ${key}`);
    if (chunk.file.endsWith(".js")) files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

export const webRoutes = [
  { name: "/login", keys: ["index.html", "routes/auth-layout.tsx", "routes/auth/login.tsx"], budgetKb: 150 },
  {
    name: "/ (buyer dashboard)",
    keys: [
      "index.html",
      "routes/app-layout.tsx",
      "locales/app-pt-BR.ts",
      "lib/class-merge.ts",
      "routes/buyer/dashboard.tsx",
    ],
    budgetKb: 250,
  },
  {
    name: "/user/analytics (charts)",
    keys: [
      "index.html",
      "routes/app-layout.tsx",
      "locales/app-pt-BR.ts",
      "lib/class-merge.ts",
      "routes/buyer/analytics.tsx",
    ],
    budgetKb: null,
  },
  {
    // The pivot report (issue 25): its chart (Recharts), its filters (zod reads typed money) and its
    // save dialog (react-hook-form) load lazily; the range picker's calendar (~26 kB) is most of the
    // difference from the dashboard's budget (276 kB measured on 2026-11-28).
    name: "/reports (pivot)",
    keys: [
      "index.html",
      "routes/app-layout.tsx",
      "locales/app-pt-BR.ts",
      "lib/class-merge.ts",
      "routes/reports.tsx",
    ],
    budgetKb: 285,
  },
] as const;

export type RouteSize = {
  route: string;
  files: number;
  rawBytes: number;
  gzipBytes: number;
  budgetKb: number | null;
  withinBudget: boolean | null;
};

export function measureRouteSizes(webDir: string): RouteSize[] {
  const manifest = JSON.parse(readFileSync(path.join(webDir, ".vite", "manifest.json"), "utf8")) as Manifest;
  return webRoutes.map((route) => {
    const files = collectRouteFiles(manifest, route.keys);
    let rawBytes = 0;
    let gzipBytes = 0;
    for (const file of files) {
      const data = readFileSync(path.join(webDir, file));
      rawBytes += data.length;
      gzipBytes += gzipSync(data, { level: 9 }).length;
    }
    return {
      route: route.name,
      files: files.length,
      rawBytes,
      gzipBytes,
      budgetKb: route.budgetKb,
      withinBudget: route.budgetKb === null ? null : gzipBytes <= route.budgetKb * 1024,
    };
  });
}
