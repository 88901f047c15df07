// A readable, script-free reference page for /api/docs, rendered from the OpenAPI document.
// (The usual reference UIs load scripts from a CDN or need Node 22; this needs neither.)

type Json = Record<string, unknown>;

const escapeHtml = (value: unknown) =>
  String(value ?? "").replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function describeSchema(schema: unknown, depth = 0): string {
  if (!schema || typeof schema !== "object" || depth > 4) return "";
  const s = schema as Json;
  if (typeof s.$ref === "string") return `<code>${escapeHtml(s.$ref.split("/").pop())}</code>`;
  if (s.type === "object" && s.properties && typeof s.properties === "object") {
    const required = new Set((s.required as string[] | undefined) ?? []);
    const rows = Object.entries(s.properties as Json)
      .map(
        ([name, prop]) =>
          `<li><code>${escapeHtml(name)}</code>${required.has(name) ? "" : "?"}: ${describeSchema(prop, depth + 1)}</li>`,
      )
      .join("");
    return `object<ul>${rows}</ul>`;
  }
  if (s.type === "array") return `array of ${describeSchema(s.items, depth + 1)}`;
  if (Array.isArray(s.enum))
    return s.enum.map((v) => `<code>${escapeHtml(JSON.stringify(v))}</code>`).join(" | ");
  if (Array.isArray(s.anyOf))
    return (s.anyOf as unknown[]).map((v) => describeSchema(v, depth + 1)).join(" | ");
  const format = s.format ? ` (${escapeHtml(s.format)})` : s.pattern ? ` (${escapeHtml(s.pattern)})` : "";
  return `${escapeHtml(s.type ?? "any")}${format}`;
}

export function renderApiReference(document: Json): string {
  const info = (document.info ?? {}) as Json;
  const paths = (document.paths ?? {}) as Record<string, Record<string, Json>>;
  const schemas = ((document.components as Json | undefined)?.schemas ?? {}) as Json;
  const operations = Object.entries(paths).flatMap(([p, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path: p, method, op })),
  );
  const section = operations
    .map(({ path, method, op }) => {
      const params = ((op.parameters as Json[] | undefined) ?? [])
        .map(
          (param) =>
            `<li><code>${escapeHtml(param.name)}</code> in ${escapeHtml(param.in)}${param.required ? " (required)" : ""}: ${describeSchema(param.schema)}</li>`,
        )
        .join("");
      const body = ((op.requestBody as Json | undefined)?.content as Json | undefined)?.[
        "application/json"
      ] as Json | undefined;
      const responses = Object.entries((op.responses ?? {}) as Record<string, Json>)
        .map(([status, res]) => `<li><b>${escapeHtml(status)}</b> ${escapeHtml(res.description)}</li>`)
        .join("");
      return `<section><h3><span class="m ${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span> <code>${escapeHtml(path)}</code></h3>
<p>${escapeHtml(op.summary ?? "")}</p>
${params ? `<h4>Parameters</h4><ul>${params}</ul>` : ""}
${body ? `<h4>Body</h4>${describeSchema(body.schema)}` : ""}
<h4>Responses</h4><ul>${responses}</ul></section>`;
    })
    .join("\n");
  const models = Object.entries(schemas)
    .map(
      ([name, schema]) =>
        `<section><h3 id="${escapeHtml(name)}">${escapeHtml(name)}</h3>${describeSchema(schema)}</section>`,
    )
    .join("\n");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(info.title)} reference</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#111}
section{border-top:1px solid #ddd;padding:.5rem 0}code{background:#f3f3f3;padding:0 .25rem;border-radius:3px}
.m{display:inline-block;min-width:4.5rem;text-align:center;border-radius:4px;color:#fff;font-size:13px;padding:.1rem .4rem}
.get{background:#2563eb}.post{background:#16a34a}.put,.patch{background:#d97706}.delete{background:#dc2626}
@media (prefers-color-scheme: dark){body{background:#111;color:#eee}code{background:#222}}</style></head>
<body><h1>${escapeHtml(info.title)} ${escapeHtml(info.version)}</h1><p>${escapeHtml(info.description ?? "")}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1). Authentication endpoints live under <code>/api/auth</code> (Better Auth).</p>
<h2>Operations</h2>${section}<h2>Schemas</h2>${models}</body></html>`;
}
