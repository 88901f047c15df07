import type { Pivot, PivotMetric } from "@domain/schemas/pivot";
import { useTranslation } from "react-i18next";
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { useFormatters } from "@/lib/use-formatters";
import { formatAxisKey, formatKey } from "../key-format";
import { metricKind } from "../pivot-state";
import { useKeyTexts } from "./pivot-table";

// Recharts is heavy: this file is only loaded through React.lazy, when the first dimension is a date.
// One time dimension: a line per chosen money figure (up to three), the previous period dashed.
// A date then another dimension: the first chosen figure, one line per value of the second (up to
// six). The points are the rows on this page as the server sent them; nothing is summed here.

const colors = ["var(--success)", "#f59e0b", "#3b82f6", "#a855f7", "#ef4444", "#14b8a6"];

type ChartLine = { key: string; name: string; color: string; dashed?: boolean };

export default function PivotChart({ pivot }: { pivot: Pivot }) {
  const { t } = useTranslation("reports");
  const f = useFormatters();
  const texts = useKeyTexts();
  const [time, second] = pivot.groupBy;
  if (!time) return null;
  const metricsShown: PivotMetric[] = pivot.columns.filter((m) => metricKind(m) === "money").slice(0, 3);
  const main: PivotMetric[] = metricsShown.length > 0 ? metricsShown : pivot.columns.slice(0, 1);
  const points = new Map<string, Record<string, number | string>>();
  const lines: ChartLine[] = [];
  const point = (value: string) => {
    let found = points.get(value);
    if (!found) {
      found = { x: value };
      points.set(value, found);
    }
    return found;
  };
  if (!second) {
    main.forEach((metric, index) => {
      const color = colors[index % colors.length] as string;
      lines.push({ key: metric, name: t(`campaigns:metrics.${metric}`), color });
      if (pivot.previous)
        lines.push({
          key: `${metric}:previous`,
          name: `${t(`campaigns:metrics.${metric}`)} (${t("compare.previousShort")})`,
          color,
          dashed: true,
        });
    });
    for (const row of pivot.rows) {
      const value = row.keys[0]?.value;
      if (!value) continue;
      const p = point(value);
      for (const metric of main) {
        p[metric] = Number(row.current[metric]);
        if (row.previous) p[`${metric}:previous`] = Number(row.previous[metric]);
      }
    }
  } else {
    const metric = main[0] as PivotMetric;
    const seriesKeys: string[] = [];
    for (const row of pivot.rows) {
      const value = row.keys[0]?.value;
      const other = row.keys[1];
      if (!value || !other) continue;
      const id = other.value ?? "none";
      if (!seriesKeys.includes(id)) {
        if (seriesKeys.length >= colors.length) continue;
        seriesKeys.push(id);
        lines.push({
          key: id,
          name: formatKey(second, other, f.language, texts),
          color: colors[(seriesKeys.length - 1) % colors.length] as string,
        });
      }
      point(value)[id] = Number(row.current[metric]);
    }
  }
  const data = [...points.values()].sort((a, b) => String(a.x).localeCompare(String(b.x)));
  const format = (value: number) => {
    const kind = metricKind(main[0] as PivotMetric);
    return kind === "money" ? f.money(value) : kind === "percent" ? f.percent(value) : f.number(value);
  };
  return (
    <div className="space-y-3" data-testid="pivot-chart">
      {second ? <p className="text-muted-foreground text-sm">{t(`campaigns:metrics.${main[0]}`)}</p> : null}
      <ul className="flex flex-wrap gap-4 text-sm">
        {lines.map((line) => (
          <li key={line.key} className="flex items-center gap-2">
            <span
              className="h-0.5 w-4 rounded"
              style={{
                background: line.dashed
                  ? `repeating-linear-gradient(90deg, ${line.color} 0 4px, transparent 4px 7px)`
                  : line.color,
              }}
              aria-hidden="true"
            />
            {line.name}
          </li>
        ))}
      </ul>
      <ResponsiveContainer width="100%" height={280}>
        <LineChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
          <XAxis
            dataKey="x"
            tickFormatter={(value: string) => formatAxisKey(time, value, f.language)}
            stroke="var(--muted-foreground)"
            fontSize={12}
            minTickGap={16}
          />
          <YAxis
            tickFormatter={(value: number) => f.number(value)}
            stroke="var(--muted-foreground)"
            fontSize={12}
            width={64}
          />
          <Tooltip
            formatter={(value) => format(Number(value))}
            labelFormatter={(label) =>
              formatKey(time, { value: String(label), label: null }, f.language, texts)
            }
            contentStyle={{
              background: "var(--popover)",
              borderColor: "var(--border)",
              color: "var(--popover-foreground)",
              borderRadius: 8,
            }}
          />
          {lines.map((line) => (
            <Line
              key={line.key}
              type="monotone"
              dataKey={line.key}
              name={line.name}
              stroke={line.color}
              strokeWidth={2}
              strokeDasharray={line.dashed ? "5 3" : undefined}
              dot={data.length === 1}
              connectNulls
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
