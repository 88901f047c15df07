import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { roles } from "../../domain/roles";

// Who may do what is decided in one place, domain/permissions.ts (docs/architecture.md, "Who may do
// what"). Production code elsewhere asks can(role, permission), assertCan(actor, permission), or a
// scope function from there; it never names a role to decide something, because a role compared
// by hand is a rule the permissions map (and docs/authorization.md) does not show. This test reads
// every production source file of server/, web/ and domain/ and names each place that does.
//
// What counts: a role literal compared with ===/!== to something about a role; a role literal in a
// SQL condition on a role column (eq(users.role, "admin"), role = 'user'); a list made only of role
// literals (["admin", "financial"]); a role list's includes(); a switch case on a role literal.
// Comparing two role values (did the role change?) decides nothing and is not flagged; nor is giving
// a role as a value ({ role: "user" }).

const root = path.resolve(import.meta.dirname, "..", "..");

/** Where roles are defined rather than compared: the permissions map, the role list, the column. */
const allowed = new Set(["domain/permissions.ts", "domain/roles.ts", "server/db/schema.ts"]);

function* productionFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name === "node_modules" || name === "migrations" || name === "locales") continue;
      yield* productionFiles(full);
    } else if (/\.tsx?$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name)) yield full;
  }
}

const role = `(?:${roles.join("|")})`;
const literal = `["'\`]${role}["'\`]`;
const rules: { name: string; pattern: RegExp }[] = [
  // x.role === "admin", role !== "user", "admin" === user.role
  {
    name: "role compared with a role literal",
    pattern: new RegExp(
      `\\brole\\b[\\w.?!)\\]]*\\s*[!=]==?\\s*${literal}|${literal}\\s*[!=]==?\\s*[\\w.?]*\\brole\\b`,
    ),
  },
  // eq(users.role, "admin"), ne(t.role, 'user'), inArray(users.role, ["admin", …])
  {
    name: "role column compared in a query",
    pattern: new RegExp(`\\b(?:eq|ne|inArray|notInArray)\\(\\s*[\\w.]*\\brole\\s*,\\s*(?:${literal}|\\[)`),
  },
  // … where u.role = 'user', role in ('admin', …)
  {
    name: "role compared in SQL text",
    pattern: new RegExp(`\\brole\\s*(?:=|<>|!=|in\\s*\\()\\s*'${role}'`, "i"),
  },
  // ["admin", "financial"], ["admin"]
  {
    name: "list of roles",
    pattern: new RegExp(`\\[\\s*${literal}(?:\\s*,\\s*${literal})*\\s*,?\\s*\\]`),
  },
  // requiredRoles.includes(me.role), (someRoles as readonly string[]).includes(role)
  { name: "role list searched", pattern: /Roles\b[^;\n]*\.includes\(\s*[\w.?]*\brole\s*\)/ },
  // switch (user.role) { case "admin": … }
  { name: "switch on a role", pattern: new RegExp(`\\bcase\\s+${literal}\\s*:`) },
];

/** Every place a production file names a role to decide something, as "file:line: rule: code". */
function findRoleComparisons(files: Iterable<string>): string[] {
  const found: string[] = [];
  for (const file of files) {
    const relative = path.relative(root, file).split(path.sep).join("/");
    if (allowed.has(relative)) continue;
    const lines = readFileSync(file, "utf8").split("\n");
    lines.forEach((line, index) => {
      if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
      for (const rule of rules) {
        if (rule.pattern.test(line)) found.push(`${relative}:${index + 1}: ${rule.name}: ${line.trim()}`);
      }
    });
  }
  return found;
}

function allProductionFiles(): string[] {
  return ["server", "web", "domain"].flatMap((dir) => [...productionFiles(path.join(root, dir))]);
}

describe("roles are compared only in domain/permissions.ts", () => {
  it("finds no role comparison in production code outside it", () => {
    const files = allProductionFiles();
    expect(files.length).toBeGreaterThan(100);
    expect(findRoleComparisons(files)).toEqual([]);
  });

  it("recognises each kind of role comparison", () => {
    const samples = [
      'if (actor.role === "admin") return undefined;',
      'if (role !== "user") {',
      "const admin = 'admin' === me.role;",
      '.where(and(eq(users.role, "admin"), isNull(users.deactivatedAt)))',
      'inArray(users.role, ["financial", "admin"]),',
      "(select count(*) from users u where u.role = 'user') as buyers",
      'adminRoles: ["admin"],',
      "(twoFactorRequirableRoles as readonly string[]).includes(actor.role) &&",
      'case "financial":',
    ];
    const flagged = samples.filter((sample) => rules.some((rule) => rule.pattern.test(sample)));
    expect(flagged).toEqual(samples);
    // And what is not a decision stays quiet.
    const quiet = [
      'role: "user",',
      "if (target.role === role) return toSummary(target);",
      'if (tab !== "user") search.set("tab", tab);',
      'const reportTabs = ["user", "offer"] as const;',
      "checked={field.value.includes(role)}",
    ];
    expect(quiet.filter((sample) => rules.some((rule) => rule.pattern.test(sample)))).toEqual([]);
  });
});

describe("permissions are checked with assertCan", () => {
  // One check (server/permissions.ts) decides 403 or 404; a service that tested can() and threw on
  // its own would be an eighth wrapper with its own answer.
  it("finds no can() followed by a hand-thrown refusal in server code", () => {
    const found: string[] = [];
    for (const file of productionFiles(path.join(root, "server"))) {
      const relative = path.relative(root, file).split(path.sep).join("/");
      if (relative === "server/permissions.ts" || relative === "server/operation-access.ts") continue;
      const source = readFileSync(file, "utf8");
      for (const match of source.matchAll(/!can\([^;]*?\)\)\s*throw (forbidden|notFound)\(/g))
        found.push(`${relative}: ${match[0].replace(/\s+/g, " ")}`);
    }
    expect(found).toEqual([]);
  });
});
