import type { PivotDimension, PivotMetric } from "@domain/schemas/pivot";
import { ArrowDown, ArrowUp, Plus, X } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { IconButton } from "@/components/icon-button";
import { RangePicker } from "@/components/range-picker";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { NativeSelect } from "@/components/ui/native-select";
import { Skeleton } from "@/components/ui/skeleton";
import { useRangeParam, withParams } from "@/lib/use-url-state";
import {
  dimensionChoices,
  maxPivotDimensions,
  moveItem,
  pivotMetrics,
  writeColumns,
  writeGroupBy,
} from "../pivot-state";

// The filters read typed money with zod: their own chunk, so the report's first paint does without.
const PivotFilters = lazy(() => import("./pivot-filters"));

/** Every control of the pivot: grouping, columns, range, compare and filters. */
export function PivotControls({ groupBy, columns }: { groupBy: PivotDimension[]; columns: PivotMetric[] }) {
  const { t } = useTranslation("reports");
  const [params, setParams] = useSearchParams();
  const [range, setRange] = useRangeParam("30d");
  const compare = params.get("compare") === "previous";
  // The box shows the click at once; the address (a navigation) follows a moment later.
  const [shownCompare, setShownCompare] = useState(compare);
  const [syncedCompare, setSyncedCompare] = useState(compare);
  if (syncedCompare !== compare) {
    setSyncedCompare(compare);
    setShownCompare(compare);
  }
  // Control changes replace the entry; only a drill is a step Back returns from.
  // Each change applies to the address as it is now (another control may have just written it).
  const update = (change: (current: URLSearchParams) => URLSearchParams) =>
    setParams((current) => change(current), { replace: true });

  return (
    <Card className="py-4">
      <CardContent className="flex flex-col gap-4 px-3 sm:px-4" data-testid="pivot-controls">
        <div className="flex flex-wrap items-end gap-3">
          <RangePicker
            value={range}
            onChange={setRange}
            label={t("controls.period")}
            testId="pivot-range"
            className="min-w-0"
          />
          <label className="flex min-h-9 items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={shownCompare}
              onChange={(event) => {
                const checked = event.target.checked;
                setShownCompare(checked);
                update((current) =>
                  withParams(current, { compare: checked ? "previous" : null, page: null }),
                );
              }}
              data-testid="pivot-compare"
            />
            {t("controls.compare")}
          </label>
        </div>
        <GroupByEditor
          groupBy={groupBy}
          onChange={(next) => update((current) => writeGroupBy(current, next))}
        />
        <Suspense fallback={<Skeleton className="h-32" />}>
          <PivotFilters />
        </Suspense>
        <ColumnsEditor
          columns={columns}
          onChange={(next) => update((current) => writeColumns(current, next))}
        />
      </CardContent>
    </Card>
  );
}

function GroupByEditor({
  groupBy,
  onChange,
}: {
  groupBy: PivotDimension[];
  onChange: (next: PivotDimension[]) => void;
}) {
  const { t } = useTranslation("reports");
  const free = dimensionChoices(groupBy, groupBy.length);
  return (
    <fieldset className="min-w-0" data-testid="pivot-groupby">
      <legend className="mb-2 font-medium text-sm">{t("controls.groupBy")}</legend>
      <ol className="flex flex-wrap items-end gap-2">
        {groupBy.map((dimension, index) => (
          <li key={dimension} className="flex min-w-0 items-center gap-1 rounded-md border p-1">
            <NativeSelect
              aria-label={t("controls.level", { n: index + 1 })}
              value={dimension}
              onChange={(event) =>
                onChange(groupBy.map((d, i) => (i === index ? (event.target.value as PivotDimension) : d)))
              }
              className="w-auto"
              data-testid={`groupby-${index}`}
            >
              {dimensionChoices(groupBy, index).map((choice) => (
                <option key={choice} value={choice}>
                  {t(`dimensions.${choice}`)}
                </option>
              ))}
            </NativeSelect>
            <MoveButtons
              name={t(`dimensions.${dimension}`)}
              index={index}
              count={groupBy.length}
              onMove={(step) => onChange(moveItem(groupBy, index, step))}
            />
            <IconButton
              type="button"
              variant="ghost"
              label={t("controls.remove", { name: t(`dimensions.${dimension}`) })}
              disabled={groupBy.length === 1}
              onClick={() => onChange(groupBy.filter((_, i) => i !== index))}
              data-testid={`groupby-remove-${index}`}
            >
              <X aria-hidden="true" />
            </IconButton>
          </li>
        ))}
        {groupBy.length < maxPivotDimensions && free.length > 0 ? (
          <li>
            <Button
              type="button"
              variant="outline"
              onClick={() => onChange([...groupBy, free[0] as PivotDimension])}
              data-testid="groupby-add"
            >
              <Plus aria-hidden="true" />
              {t("controls.addLevel")}
            </Button>
          </li>
        ) : null}
      </ol>
    </fieldset>
  );
}

function ColumnsEditor({
  columns,
  onChange,
}: {
  columns: PivotMetric[];
  onChange: (next: PivotMetric[]) => void;
}) {
  const { t } = useTranslation("reports");
  // Chosen columns first, in their order; then the others in the API's order.
  const rest = pivotMetrics.filter((metric) => !columns.includes(metric));
  const toggle = (metric: PivotMetric, on: boolean) => {
    if (on) onChange([...columns, metric]);
    else if (columns.length > 1) onChange(columns.filter((m) => m !== metric));
  };
  return (
    <details className="min-w-0 rounded-md border px-3 py-2" data-testid="pivot-columns">
      <summary className="cursor-pointer font-medium text-sm">
        {t("controls.columns", { n: columns.length })}
      </summary>
      <ul className="mt-2 grid gap-1 sm:grid-cols-2 lg:grid-cols-3">
        {[...columns, ...rest].map((metric) => {
          const index = columns.indexOf(metric);
          const chosen = index >= 0;
          const name = t(`campaigns:metrics.${metric}`);
          return (
            <li key={metric} className="flex min-w-0 items-center gap-1">
              <label className="flex min-w-0 flex-1 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={chosen}
                  disabled={chosen && columns.length === 1}
                  onChange={(event) => toggle(metric, event.target.checked)}
                  data-testid={`column-${metric}`}
                />
                <span className="truncate">{name}</span>
              </label>
              {chosen ? (
                <MoveButtons
                  name={name}
                  index={index}
                  count={columns.length}
                  onMove={(step) => onChange(moveItem(columns, index, step))}
                />
              ) : null}
            </li>
          );
        })}
      </ul>
    </details>
  );
}

/** Up and down buttons for the item at `index` of an ordered list of `count` (levels, columns). */
function MoveButtons({
  name,
  index,
  count,
  onMove,
}: {
  name: string;
  index: number;
  count: number;
  onMove: (step: -1 | 1) => void;
}) {
  const { t } = useTranslation("reports");
  return (
    <>
      <IconButton
        type="button"
        variant="ghost"
        label={t("controls.moveUp", { name })}
        disabled={index === 0}
        onClick={() => onMove(-1)}
      >
        <ArrowUp aria-hidden="true" />
      </IconButton>
      <IconButton
        type="button"
        variant="ghost"
        label={t("controls.moveDown", { name })}
        disabled={index === count - 1}
        onClick={() => onMove(1)}
      >
        <ArrowDown aria-hidden="true" />
      </IconButton>
    </>
  );
}
