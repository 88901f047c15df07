// An event's details as lines a person reads ("role: user → manager"), never a JSON dump. The
// server stores old and new values as { from, to }, several of them under "changes"; anything
// else is a plain value. Labels and value texts are chosen by the component (it translates).

export type DetailValue =
  | { kind: "empty" }
  | { kind: "text"; value: string }
  | { kind: "number"; value: number }
  | { kind: "boolean"; value: boolean }
  | { kind: "list"; items: DetailValue[] }
  | { kind: "record"; lines: DetailLine[] };

export type DetailLine =
  | { key: string; kind: "change"; from: DetailValue; to: DetailValue }
  | { key: string; kind: "value"; value: DetailValue };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isChange(value: unknown): value is { from: unknown; to: unknown } {
  if (!isRecord(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 2 && "from" in value && "to" in value;
}

export function describeDetailValue(value: unknown): DetailValue {
  if (value === null || value === undefined || value === "") return { kind: "empty" };
  if (typeof value === "string") return { kind: "text", value };
  if (typeof value === "number") return { kind: "number", value };
  if (typeof value === "boolean") return { kind: "boolean", value };
  if (Array.isArray(value)) {
    return value.length === 0 ? { kind: "empty" } : { kind: "list", items: value.map(describeDetailValue) };
  }
  if (isRecord(value)) return { kind: "record", lines: describeAuditDetails(value) };
  return { kind: "text", value: String(value) };
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * A detail's lines. A change of a group of settings ({ from: {…}, to: {…} }) becomes one line per
 * member that changed, keyed "group.member", so it reads "Notifications › Daily: no → yes".
 */
function describeLines(key: string, value: unknown): DetailLine[] {
  if (!isChange(value)) return [{ key, kind: "value", value: describeDetailValue(value) }];
  const { from, to } = value;
  if (isRecord(from) && isRecord(to)) {
    const members = [...new Set([...Object.keys(from), ...Object.keys(to)])];
    return members
      .filter((member) => !sameValue(from[member], to[member]))
      .map((member) => ({
        key: `${key}.${member}`,
        kind: "change",
        from: describeDetailValue(from[member]),
        to: describeDetailValue(to[member]),
      }));
  }
  return [{ key, kind: "change", from: describeDetailValue(from), to: describeDetailValue(to) }];
}

/** One line per detail; the entries of "changes" are lines of their own. */
export function describeAuditDetails(details: Record<string, unknown>): DetailLine[] {
  const lines: DetailLine[] = [];
  for (const [key, value] of Object.entries(details)) {
    if (key === "changes" && isRecord(value) && !isChange(value)) {
      for (const [field, change] of Object.entries(value)) lines.push(...describeLines(field, change));
    } else {
      lines.push(...describeLines(key, value));
    }
  }
  return lines;
}
