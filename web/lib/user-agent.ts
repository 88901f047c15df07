// A short, readable name for a session's device from its user agent ("Chrome on Windows"). Good
// enough to recognise one's own devices; the full string is kept for the tooltip.

export type DeviceKind = "phone" | "tablet" | "desktop" | "unknown";
export type DeviceSummary = { browser: string | null; system: string | null; kind: DeviceKind };

const browsers: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/YaBrowser\//, "Yandex Browser"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\/|Chromium\//, "Chrome"],
  [/Safari\//, "Safari"],
];

const systems: [RegExp, string][] = [
  [/iPhone/, "iPhone"],
  [/iPad/, "iPad"],
  [/Android/, "Android"],
  [/Windows/, "Windows"],
  [/CrOS/, "ChromeOS"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/Linux/, "Linux"],
];

export function describeUserAgent(userAgent: string | null | undefined): DeviceSummary {
  if (!userAgent) return { browser: null, system: null, kind: "unknown" };
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  const kind: DeviceKind = /iPad|Tablet/.test(userAgent)
    ? "tablet"
    : /Mobi|iPhone|Android/.test(userAgent)
      ? "phone"
      : browser || system
        ? "desktop"
        : "unknown";
  return { browser, system, kind };
}
