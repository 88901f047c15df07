/** Timestamps arrive as Date from both drivers (strings from raw SQL); answers carry ISO strings. */
export function toIsoString(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : String(value);
}
