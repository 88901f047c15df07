import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { benchPassword } from "./dataset";
import { signIn, startBenchServer, stopBenchServer } from "./server";

// A CPU profile of the built server while it answers one call over and over, summarised by the
// functions and the packages that used the most time (self time):
//   npx tsx bench/profile-request.ts --url postgres://…/placar_bench_postgres_123 --path /api/analytics --as lead-0@bench.test

const { values: args } = parseArgs({
  options: {
    url: { type: "string" },
    /** A kept PGlite folder instead of --url (PostgreSQL), e.g. from `npm run bench -- --db pglite --keep`. */
    "data-dir": { type: "string" },
    path: { type: "string", default: "/api/metrics/summary" },
    as: { type: "string", default: "buyer-0@bench.test" },
    requests: { type: "string", default: "1000" },
    connections: { type: "string", default: "4" },
    dir: { type: "string", default: "/tmp/placar-profile" },
  },
});
if (!args.url && !args["data-dir"])
  throw new Error("--url or --data-dir of a kept benchmark database is required");

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const server = await startBenchServer({
  ...(args.url ? { databaseUrl: args.url } : { dataDir: args["data-dir"] }),
  nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${args.dir}`],
});
try {
  const cookie = await signIn(server.url, String(args.as), benchPassword);
  await autocannon({
    url: `${server.url}${args.path}`,
    connections: Number(args.connections),
    amount: Number(args.requests),
    headers: { cookie, origin: server.url },
  });
} finally {
  await stopBenchServer(server);
}

const file = readdirSync(String(args.dir))
  .filter((name) => name.endsWith(".cpuprofile"))
  .map((name) => path.join(String(args.dir), name))
  .sort()
  .at(-1);
if (!file) throw new Error("no profile written");
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfUs = new Map<number, number>();
for (const [i, id] of profile.samples.entries())
  selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
let busy = 0;
for (const [id, us] of selfUs) {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  if (functionName === "(idle)" || functionName === "(program)" || functionName === "(garbage collector)") {
    byPackage.set(functionName, (byPackage.get(functionName) ?? 0) + us);
    if (functionName !== "(idle)") busy += us;
    continue;
  }
  busy += us;
  const modulePath = url.includes("node_modules/") ? url.split("node_modules/").at(-1)! : null;
  const pkg = modulePath
    ? modulePath
        .split("/")
        .slice(0, modulePath.startsWith("@") ? 2 : 1)
        .join("/")
    : url.startsWith("node:")
      ? "node:*"
      : url
        ? "placar"
        : "(native)";
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
  const key = `${functionName || "(anonymous)"} ${url.split("/").slice(-2).join("/")}:${lineNumber + 1}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + us);
}
const top = (map: Map<string, number>, count: number) =>
  [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, us]) => `${((us / busy) * 100).toFixed(1).padStart(5)} %  ${key}`)
    .join("\n");
console.info(
  `busy ${(busy / 1000).toFixed(0)} ms (${file})\n\nBy package:\n${top(byPackage, 15)}\n\nBy function:\n${top(byFunction, 30)}`,
);
