import type pg from "pg";

// node-postgres sends a query unnamed unless told otherwise, so PostgreSQL parses, analyses and
// plans it on every call. Named, a statement is parsed once per connection and PostgreSQL may keep
// its plan (a generic plan, when it estimates that one no costlier than planning each call), which
// takes that work off each dashboard, list and summary call (measured in decision 0058).

/** At most this many distinct texts are named; later ones run unnamed, as before. */
export const maxNamedStatements = 500;

/**
 * Names for query texts, shared by every connection of a pool. Only texts sent with parameters are
 * named: their values travel apart, so one text is one query shape. Texts without parameters (DDL,
 * migrations, `begin`) keep the simple protocol, which allows several statements in one text.
 */
export function createStatementNamer(limit = maxNamedStatements) {
  const names = new Map<string, string>();
  return (text: string, values: readonly unknown[] | undefined): string | undefined => {
    if (!values || values.length === 0) return undefined;
    const known = names.get(text);
    if (known !== undefined || names.size >= limit) return known;
    const name = `placar_${names.size + 1}`;
    names.set(text, name);
    return name;
  };
}

type QueryConfigLike = { text?: unknown; name?: unknown; values?: unknown };

/** Makes a pooled client name the statements `nameOf` names (call it on the pool's "connect"). */
export function nameStatementsOf(
  client: pg.PoolClient,
  nameOf: ReturnType<typeof createStatementNamer>,
): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const named = (config: unknown, ...rest: unknown[]) => {
    if (config && typeof config === "object" && !("submit" in config)) {
      const c = config as QueryConfigLike;
      const values = (Array.isArray(rest[0]) ? rest[0] : c.values) as unknown[] | undefined;
      if (typeof c.text === "string" && c.name === undefined) {
        const name = nameOf(c.text, values);
        if (name !== undefined) return query({ ...c, name }, ...rest);
      }
    }
    return query(config, ...rest);
  };
  client.query = named as typeof client.query;
}
