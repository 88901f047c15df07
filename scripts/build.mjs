// Builds the web app (Vite), precompresses its assets, and bundles the server and CLIs (esbuild).
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const webOut = path.join(root, "dist", "web");

// Twice: the first build finds the modules of the signed-in shell's chunk, the second builds it
// (scripts/app-shell-chunk.ts, decision 0053).
for (const pass of ["plan", "use"]) {
  execFileSync(
    process.execPath,
    [path.join(root, "node_modules", "vite", "bin", "vite.js"), "build", "--logLevel", "warn"],
    { cwd: root, stdio: "inherit", env: { ...process.env, PLACAR_APP_SHELL: pass } },
  );
}

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* walk(full);
    else yield full;
  }
}
for (const file of walk(webOut)) {
  if (!/\.(js|css|html|svg|json|txt|map)$/.test(file)) continue;
  const data = readFileSync(file);
  if (data.length < 1024) continue;
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
}

await build({
  entryPoints: {
    main: path.join(root, "server", "main.ts"),
    cli: path.join(root, "server", "cli", "index.ts"),
  },
  outdir: path.join(root, "dist", "server"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
