import type { Analytics } from "@domain/schemas/campaigns";
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { useFormatters } from "@/lib/use-formatters";

// Recharts is heavy: this file is only ever loaded through React.lazy from the analytics routes.

/** Revenue is always drawn; the buyer's screen adds spent, the admin's profit. */
export type ChartLabels = { revenue: string; spent?: string; profit?: string };

// Amber (spent) and blue (profit) read against the green revenue line in light and dark mode.
const lineColors = { revenue: "var(--success)", spent: "#f59e0b", profit: "#3b82f6" } as const;

export default function RevenueChart({
  series,
  labels,
}: {
  series: Analytics["series"];
  labels: ChartLabels;
}) {
  const f = useFormatters();
  const lines = (["revenue", "spent", "profit"] as const).flatMap((key) => {
    const name = labels[key];
    return name ? [{ key, name, color: lineColors[key] }] : [];
  });
  const data = series.map((point) => ({
    date: point.date,
    revenue: Number(point.revenue),
    spent: Number(point.spent),
    profit: Number(point.profit),
  }));
  // Our own legend: Recharts' names its icons in English for screen readers.
  return (
    <div className="space-y-3">
      <ul className="flex flex-wrap gap-4 text-sm">
        {lines.map((line) => (
          <li key={line.key} className="flex items-center gap-2">
            <span className="h-0.5 w-4 rounded" style={{ background: line.color }} aria-hidden="true" />
            {line.name}
          </li>
        ))}
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
          {lines.map((line) => (
            <Line
              key={line.key}
              type="monotone"
              dataKey={line.key}
              name={line.name}
              stroke={line.color}
              strokeWidth={2}
              dot={data.length === 1}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
