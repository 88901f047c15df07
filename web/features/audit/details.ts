import { isRole, type Language } from "@domain/roles";
import { roleLabels } from "@/components/layout/role-label";
import { formatDate, formatDateTime, formatMoney, formatNumber, formatPercent } from "@/lib/format";

// An event's details as lines a person reads ("role: user → manager"), never a JSON dump. The
// server stores old and new values as { from, to }, several of them under "changes"; anything
// else is a plain value. `renderDetailValue` and `renderFieldLabel` turn them into the reader's
// words: money in the workspace currency, rates as percentages, tiers as ranges, instants in the
// workspace time zone, field names and enum values translated.

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

const decimal = /^-?\d+(\.\d+)?$/;

/** Same value as a person reads it: "30" and "30.00" are one rate, also inside lists and records. */
function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === "string" && typeof b === "string" && decimal.test(a) && decimal.test(b))
    return Number(a) === Number(b);
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  if (isRecord(a) && isRecord(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => sameValue(a[key], b[key]));
  }
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
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
  // "pending → pending" says nothing changed: it is the value, not a change.
  if (sameValue(from, to)) return [{ key, kind: "value", value: describeDetailValue(to) }];
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

/** What rendering needs: the reader, the workspace, and the translation functions of i18next. */
export type RenderContext = {
  language: Language;
  timeZone: string;
  /** The workspace's reporting currency: payments, payouts and commission amounts are in it. */
  currency: string;
  /** The event's own currency (an offer's headline value), when its details name one. */
  valueCurrency?: string | undefined;
  /** Names for user ids in the details (a team lead, assigned buyers). */
  userNames: Map<string, string>;
  t: (key: string, options?: Record<string, unknown>) => string;
  exists: (key: string) => boolean;
};

/** Amounts in the reporting currency (decimal strings). */
const moneyKeys = new Set([
  "amount",
  "amountDue",
  "payoutPerDeposit",
  "minimumMonthlyRevenue",
  "minRevenue",
  "maxRevenue",
]);
/** Percentages stored as plain numbers ("30" = 30 %). */
const percentKeys = new Set([
  "baseCommissionRate",
  "highRoiCommissionRate",
  "roiThreshold",
  "tieredRoiThreshold",
  "commissionBelowRoi",
  "commissionAboveRoi",
]);
/** Instants, shown in the workspace time zone. */
const instantKeys = new Set([
  "startedAt",
  "expiresAt",
  "deactivatedAt",
  "archivedAt",
  "firstAt",
  "lastAt",
  "paidAt",
  "createdAt",
]);
/** Months ("2025-01" or its first day). */
const monthKeys = new Set(["month", "effectiveFrom"]);
/** Calendar days, never shifted by a time zone. */
const dayKeys = new Set(["date", "day", "deadline"]);
/** Values that are user ids, shown as names. */
const userIdKeys = new Set(["managerId", "userId", "assignedUserIds", "subjectUserId", "buyerId"]);
const roleKeys = new Set(["role", "twoFactorRequiredRoles"]);
const plainWord = /^[\w-]+$/;
const monthPattern = /^(\d{4})-(\d{2})(?:-01)?$/;

/** The last part of a key ("changes.revenueTiers" → "revenueTiers"): what the value is. */
const leafOf = (key: string) => key.slice(key.lastIndexOf(".") + 1);

/** A detail's name, translated when known ("notifications.daily" → "Notifications › Daily"). */
export function renderFieldLabel(key: string, context: RenderContext): string {
  return key
    .split(".")
    .map((part) => {
      const labelKey = `audit:fields.${part}`;
      return plainWord.test(part) && context.exists(labelKey) ? context.t(labelKey) : part;
    })
    .join(" › ");
}

function formatMonth(raw: string, language: Language): string | null {
  const match = monthPattern.exec(raw);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  return new Intl.DateTimeFormat(language, { month: "long", year: "numeric", timeZone: "UTC" }).format(date);
}

/** A backup's size in the reader's units ("1,5 MB"). */
function formatBytes(bytes: number, language: Language): string {
  const units = ["byte", "kilobyte", "megabyte", "gigabyte"] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return new Intl.NumberFormat(language, {
    style: "unit",
    unit: units[unit],
    unitDisplay: "short",
    maximumFractionDigits: 1,
  }).format(value);
}

/** One revenue tier: "US$ 4.000,00 – US$ 8.000,00: 10% below the ROI threshold, 15% at or above it". */
function renderTier(lines: DetailLine[], context: RenderContext): string {
  const field = (name: string) => {
    const line = lines.find((item) => item.key === name && item.kind === "value");
    return line?.kind === "value" ? line.value : ({ kind: "empty" } as const);
  };
  const text = (name: string) => renderDetailValue(name, field(name), context);
  const max = field("maxRevenue");
  return context.t(max.kind === "empty" ? "audit:details.tierOpen" : "audit:details.tier", {
    min: text("minRevenue"),
    max: text("maxRevenue"),
    below: text("commissionBelowRoi"),
    above: text("commissionAboveRoi"),
  });
}

const isTier = (value: DetailValue) =>
  value.kind === "record" && value.lines.some((line) => line.key === "commissionBelowRoi");

/** A value as the reader's words, by what its key says it is. */
export function renderDetailValue(key: string, value: DetailValue, context: RenderContext): string {
  const { t, exists, language } = context;
  const leaf = leafOf(key);
  switch (value.kind) {
    case "empty":
      return t("audit:details.none");
    case "boolean":
      return value.value ? t("audit:details.yes") : t("audit:details.no");
    case "number":
      if (leaf === "sizeBytes") return formatBytes(value.value, language);
      if (percentKeys.has(leaf)) return formatPercent(value.value, language, 2);
      if (moneyKeys.has(leaf)) return formatMoney(value.value, context.currency, language);
      return formatNumber(value.value, language, 2);
    case "list":
      // Tiers read one after another; other lists as a plain enumeration.
      return value.items
        .map((item) =>
          isTier(item)
            ? renderTier((item as { lines: DetailLine[] }).lines, context)
            : renderDetailValue(key, item, context),
        )
        .join(value.items.some(isTier) ? "; " : ", ");
    case "record":
      if (isTier(value)) return renderTier(value.lines, context);
      return value.lines
        .map((line) => {
          const label = t("audit:details.label", { label: renderFieldLabel(line.key, context) });
          const shown =
            line.kind === "change"
              ? `${renderDetailValue(line.key, line.from, context)} → ${renderDetailValue(line.key, line.to, context)}`
              : renderDetailValue(line.key, line.value, context);
          return `${label} ${shown}`;
        })
        .join("; ");
    case "text": {
      const raw = value.value;
      if (roleKeys.has(leaf) && isRole(raw)) return t(roleLabels[raw]);
      if (decimal.test(raw)) {
        if (leaf === "value") return formatMoney(raw, context.valueCurrency ?? context.currency, language);
        if (moneyKeys.has(leaf)) return formatMoney(raw, context.currency, language);
        if (percentKeys.has(leaf)) return formatPercent(raw, language, 2);
      }
      if (instantKeys.has(leaf) && !decimal.test(raw) && !Number.isNaN(Date.parse(raw)))
        return formatDateTime(raw, language, context.timeZone);
      if (monthKeys.has(leaf)) {
        const month = formatMonth(raw, language);
        if (month) return month;
      }
      if (dayKeys.has(leaf) && /^\d{4}-\d{2}-\d{2}$/.test(raw)) return formatDate(raw, language);
      if (leaf === "status" && exists(`payments:status.${raw}`)) return t(`payments:status.${raw}`);
      if (userIdKeys.has(leaf)) return context.userNames.get(raw) ?? raw;
      if (leaf === "defaultLanguage" && exists(`common:languages.${raw}`))
        return t(`common:languages.${raw}`);
      // A refusal's code reads as the message the person saw.
      if ((leaf === "reason" || leaf === "code") && plainWord.test(raw) && exists(`errors:${raw}`))
        return t(`errors:${raw}`);
      // Only plain words can be keys ("self", "tiered"); paths and free text are shown as they are.
      const valueKey = `audit:values.${leaf}.${raw}`;
      if (plainWord.test(raw) && exists(valueKey)) return t(valueKey);
      // Any other decimal is a number in the reader's format ("1145.77" → "1.145,77").
      return decimal.test(raw) ? formatNumber(raw, language, 2) : raw;
    }
  }
}
