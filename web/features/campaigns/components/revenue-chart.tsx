import type { Analytics } from "@domain/schemas/campaigns";
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { useFormatters } from "../use-formatters";

// Amber reads against the green revenue line in light and dark mode.
const spentColor = "#f59e0b";

// Recharts is heavy: this file is only ever loaded through React.lazy from the analytics route.

export default function RevenueChart({
  series,
  labels,
}: {
  series: Analytics["series"];
  labels: { revenue: string; spent: string };
}) {
  const f = useFormatters();
  const data = series.map((point) => ({
    date: point.date,
    revenue: Number(point.revenue),
    spent: Number(point.spent),
  }));
  // Our own legend: Recharts' names its icons in English for screen readers.
  return (
    <div className="space-y-3">
      <ul className="flex flex-wrap gap-4 text-sm">
        <li className="flex items-center gap-2">
          <span className="h-0.5 w-4 rounded bg-success" aria-hidden="true" />
          {labels.revenue}
        </li>
        <li className="flex items-center gap-2">
          <span className="h-0.5 w-4 rounded" style={{ background: spentColor }} aria-hidden="true" />
          {labels.spent}
        </li>
      </ul>
      <ResponsiveContainer width="100%" height={280}>
        <LineChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
          <XAxis
            dataKey="date"
            tickFormatter={(value: string) => f.date(value, "short")}
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
            formatter={(value) => f.money(Number(value))}
            labelFormatter={(label) => f.date(String(label))}
            contentStyle={{
              background: "var(--popover)",
              borderColor: "var(--border)",
              color: "var(--popover-foreground)",
              borderRadius: 8,
            }}
          />
          <Line
            type="monotone"
            dataKey="revenue"
            name={labels.revenue}
            stroke="var(--success)"
            strokeWidth={2}
            dot={false}
          />
          <Line
            type="monotone"
            dataKey="spent"
            name={labels.spent}
            stroke={spentColor}
            strokeWidth={2}
            dot={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
