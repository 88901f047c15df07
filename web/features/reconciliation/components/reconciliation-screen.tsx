import { addMonths, monthOf, todayIn } from "@domain/periods";
import {
  type ReconciliationField,
  type ReconciliationLine,
  type ReconciliationMapping,
  type ReconciliationPreview,
  type ReconciliationRow,
  reconciliationFields,
} from "@domain/reconciliation";
import { FileUp } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { DataTable, type DataTableColumn } from "@/components/data-table";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { ColumnMapping } from "@/features/imports";
import { errorMessageKey, isApiError } from "@/lib/api";
import { formatMonthYear } from "@/lib/month-closed";
import { toast } from "@/lib/toast";
import { useFormatters } from "@/lib/use-formatters";
import { uploadStatement, useCommitStatement, useLines, useStatements } from "../api";
import { DaysDialog, type DialogState, ResolveDialog } from "./resolve-dialogs";

const optionalFields = new Set<ReconciliationField>([
  "buyer",
  "date",
  "registrations",
  "deposits",
  "revenue",
]);

/**
 * Reconciliation (issue 32): upload a network's statement for a month with its column mapping,
 * check the preview, commit it; then its lines (logged against reported, flagged beyond the
 * tolerance), each line's days, and resolving a line by a note or by adjustments.
 */
export function ReconciliationScreen() {
  const { t } = useTranslation("reconciliation");
  const f = useFormatters();
  const [params, setParams] = useSearchParams();
  const defaultMonth = monthOf(addMonths(`${monthOf(todayIn(f.timeZone))}-01`, -1));
  const month = /^\d{4}-\d{2}$/.test(params.get("month") ?? "") ? params.get("month")! : defaultMonth;
  const selected = params.get("statement");
  const statements = useStatements(month);
  const committed = (statements.data?.items ?? []).filter((s) => s.status === "committed");
  const current = selected ?? committed[0]?.id ?? null;

  function setParam(key: string, value: string | null) {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        if (key === "month") next.delete("statement");
        return next;
      },
      { replace: true },
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2 sm:w-60">
        <Label htmlFor="reconciliation-month">{t("month")}</Label>
        <Input
          id="reconciliation-month"
          type="month"
          value={month}
          data-testid="reconciliation-month"
          onChange={(event) => event.target.value && setParam("month", event.target.value)}
        />
      </div>
      <UploadCard month={month} onCommitted={(id) => setParam("statement", id)} />
      <Card>
        <CardHeader>
          <CardTitle>{t("statements.title")}</CardTitle>
          <CardDescription>{t("statements.description")}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {statements.isPending ? (
            <Spinner />
          ) : committed.length === 0 ? (
            <p className="text-muted-foreground text-sm" data-testid="no-statements">
              {t("statements.none")}
            </p>
          ) : (
            <div className="flex flex-wrap gap-2" data-testid="statement-list">
              {committed.map((s) => (
                <Button
                  key={s.id}
                  variant={s.id === current ? "default" : "outline"}
                  onClick={() => setParam("statement", s.id)}
                  data-testid="statement-choice"
                >
                  {s.network.name}
                  <Badge variant={s.flagged > s.resolved ? "destructive" : "secondary"}>
                    {t("statements.flagged", { flagged: s.flagged, resolved: s.resolved })}
                  </Badge>
                </Button>
              ))}
            </div>
          )}
          {current && committed.some((s) => s.id === current) ? <LinesTable statementId={current} /> : null}
        </CardContent>
      </Card>
    </div>
  );
}

function UploadCard({ month, onCommitted }: { month: string; onCommitted: (id: string) => void }) {
  const { t } = useTranslation("reconciliation");
  const f = useFormatters();
  const id = useId();
  const [network, setNetwork] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ReconciliationPreview | null>(null);
  const [reading, setReading] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const commit = useCommitStatement();

  const errorText = (e: unknown) => {
    const key = isApiError(e) ? `reconciliation:errors.${e.code}` : "";
    return key && t(key, { defaultValue: "" }) ? t(key) : t(errorMessageKey(e));
  };

  async function read(next: File, mapping?: ReconciliationMapping) {
    if (!network.trim()) {
      setError(null);
      return;
    }
    setReading(true);
    setError(null);
    try {
      setPreview(await uploadStatement(next, { network: network.trim(), month, mapping }));
    } catch (e) {
      setError(e);
      setPreview(null);
    } finally {
      setReading(false);
    }
  }

  async function submit() {
    if (!preview) return;
    try {
      const done = await commit.mutateAsync(preview.statement.id);
      toast.success(t("upload.committed"));
      setPreview(null);
      setFile(null);
      onCommitted(done.statement.id);
    } catch (e) {
      toast.error(errorText(e));
    }
  }

  const counts = preview?.statement.counts;
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>{t("upload.title")}</CardTitle>
          <CardDescription>
            {t("upload.hint", { month: formatMonthYear(`${month}-01`, f.language) })}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3 sm:grid-cols-2">
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-network`}>{t("upload.network")}</Label>
            <Input
              id={`${id}-network`}
              value={network}
              maxLength={200}
              data-testid="reconciliation-network"
              onChange={(event) => setNetwork(event.target.value)}
            />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-file`}>{t("upload.file")}</Label>
            <Input
              id={`${id}-file`}
              type="file"
              disabled={!network.trim()}
              accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              data-testid="reconciliation-file"
              onChange={(event) => {
                const next = event.target.files?.[0] ?? null;
                setFile(next);
                if (next) void read(next);
              }}
            />
          </div>
          {reading ? (
            <p className="flex items-center gap-2 text-muted-foreground text-sm" role="status">
              <Spinner /> {t("upload.reading")}
            </p>
          ) : null}
          {error ? (
            <p role="alert" className="text-destructive text-sm" data-testid="reconciliation-error">
              {errorText(error)}
            </p>
          ) : null}
        </CardContent>
      </Card>
      {preview && file ? (
        <ColumnMapping
          fields={reconciliationFields}
          headers={preview.statement.headers}
          mapping={preview.statement.mapping}
          optional={optionalFields}
          label={(field) => t(`fields.${field}`)}
          idPrefix={`${id}-mapping`}
          disabled={reading}
          onChange={(field, header) =>
            void read(file, { ...preview.statement.mapping, [field]: header || null })
          }
        />
      ) : null}
      {preview && counts ? (
        <Card>
          <CardHeader className="gap-3">
            <CardTitle>{t("preview.title")}</CardTitle>
            <div className="flex flex-wrap gap-2" data-testid="reconciliation-counts">
              <Badge variant="secondary">{t("status.matched", { count: counts.matched })}</Badge>
              <Badge variant={counts.unmatched > 0 ? "destructive" : "outline"}>
                {t("status.unmatched", { count: counts.unmatched })}
              </Badge>
              <Badge variant={counts.error > 0 ? "destructive" : "outline"}>
                {t("status.error", { count: counts.error })}
              </Badge>
            </div>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <RowsTable rows={preview.rows} />
            <div className="flex justify-end">
              <Button
                data-testid="reconciliation-commit"
                disabled={commit.isPending || reading || counts.matched === 0}
                onClick={() => void submit()}
              >
                {commit.isPending ? <Spinner /> : <FileUp aria-hidden="true" />}
                {t("preview.commit")}
              </Button>
            </div>
          </CardContent>
        </Card>
      ) : null}
    </>
  );
}

function RowsTable({ rows }: { rows: ReconciliationRow[] }) {
  const { t } = useTranslation("reconciliation");
  const f = useFormatters();
  const columns = useMemo<DataTableColumn<ReconciliationRow>[]>(
    () => [
      { id: "line", accessorKey: "line", header: t("columns.line"), meta: { numeric: true } },
      {
        id: "status",
        header: t("columns.status"),
        cell: ({ row }) => (
          <Badge variant={row.original.status === "matched" ? "secondary" : "destructive"}>
            {t(`badge.${row.original.status}`)}
          </Badge>
        ),
      },
      {
        id: "offer",
        header: t("columns.offer"),
        cell: ({ row }) => row.original.offer?.name ?? row.original.offerReference ?? "",
      },
      {
        id: "buyer",
        header: t("columns.buyer"),
        cell: ({ row }) => row.original.buyer?.name ?? row.original.buyerReference ?? "",
      },
      {
        id: "deposits",
        header: t("columns.deposits"),
        cell: ({ row }) =>
          row.original.deposits === null
            ? (row.original.raw.deposits ?? "")
            : f.number(row.original.deposits),
        meta: { numeric: true },
      },
      {
        id: "revenue",
        header: t("columns.revenue"),
        cell: ({ row }) =>
          row.original.revenue === null ? (row.original.raw.revenue ?? "") : f.money(row.original.revenue),
        meta: { numeric: true },
      },
      {
        id: "problems",
        header: t("columns.problems"),
        cell: ({ row }) =>
          row.original.problems
            .map((p) =>
              p.field ? `${t(`fields.${p.field}`)}: ${t(`problems.${p.code}`)}` : t(`problems.${p.code}`),
            )
            .join("; "),
      },
    ],
    [t, f],
  );
  return (
    <DataTable
      columns={columns}
      data={rows}
      getRowId={(row) => String(row.line)}
      label={t("preview.title")}
      urlKey="rows"
      sorting="none"
      testId="reconciliation-rows"
    />
  );
}

function LinesTable({ statementId }: { statementId: string }) {
  const { t } = useTranslation("reconciliation");
  const f = useFormatters();
  const lines = useLines(statementId);
  const [dialog, setDialog] = useState<DialogState>(null);
  const [onlyFlagged, setOnlyFlagged] = useState(false);
  const columns = useMemo<DataTableColumn<ReconciliationLine>[]>(
    () => [
      { id: "offer", header: t("columns.offer"), cell: ({ row }) => row.original.offer.name },
      {
        id: "buyer",
        header: t("columns.buyer"),
        cell: ({ row }) => row.original.buyer?.name ?? t("lines.allBuyers"),
      },
      {
        id: "logged",
        header: t("columns.logged"),
        cell: ({ row }) =>
          `${f.number(row.original.logged.deposits)} · ${f.money(row.original.logged.revenue)}`,
        meta: { numeric: true },
      },
      {
        id: "reported",
        header: t("columns.reported"),
        cell: ({ row }) =>
          `${f.number(row.original.reported.deposits)} · ${f.money(row.original.reported.revenue)}`,
        meta: { numeric: true },
      },
      {
        id: "difference",
        header: t("columns.difference"),
        cell: ({ row }) => {
          const d = row.original.difference;
          const percent = d.percent === null ? "—" : f.percent(d.percent);
          return `${f.number(d.deposits)} · ${f.money(d.revenue)} · ${percent}`;
        },
        meta: { numeric: true },
      },
      {
        id: "state",
        header: t("columns.state"),
        cell: ({ row }) => {
          const line = row.original;
          if (line.resolution)
            return (
              <span className="flex flex-col gap-1">
                <Badge variant="secondary">{t(`lines.${line.resolution.kind}`)}</Badge>
                <span className="text-muted-foreground text-xs">{line.resolution.note}</span>
              </span>
            );
          return line.flagged ? (
            <Badge variant="destructive">{t("lines.flagged")}</Badge>
          ) : (
            <Badge variant="outline">{t("lines.ok")}</Badge>
          );
        },
      },
      {
        id: "actions",
        header: t("columns.actions"),
        cell: ({ row }) => {
          const line = row.original;
          return (
            <span className="flex flex-wrap gap-1">
              <Button
                size="sm"
                variant="ghost"
                onClick={() => setDialog({ kind: "days", line })}
                data-testid="line-days"
              >
                {t("lines.days")}
              </Button>
              {line.flagged && !line.resolution ? (
                <>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setDialog({ kind: "accepted", line })}
                    data-testid="line-accept"
                  >
                    {t("lines.accept")}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setDialog({ kind: "adjusted", line })}
                    data-testid="line-adjust"
                  >
                    {t("lines.adjust")}
                  </Button>
                </>
              ) : null}
            </span>
          );
        },
      },
    ],
    [t, f],
  );
  const data = lines.data?.items.filter((line) => !onlyFlagged || line.flagged);
  return (
    <div className="flex flex-col gap-3">
      {lines.data ? (
        <p className="text-muted-foreground text-sm" data-testid="tolerance">
          {t("lines.tolerance", {
            percent: f.percent(lines.data.tolerance.percent),
            amount: f.money(lines.data.tolerance.amount),
          })}
        </p>
      ) : null}
      <DataTable
        columns={columns}
        data={data}
        status={lines}
        getRowId={(line) => `${line.offer.id}:${line.buyer?.id ?? ""}`}
        label={t("lines.title")}
        urlKey="lines"
        sorting="none"
        testId="reconciliation-lines"
        rowProps={(line) => ({ "data-flagged": line.flagged ? "true" : "false" })}
        toolbar={
          <div className="flex items-center gap-2">
            <Label htmlFor="only-flagged">{t("lines.filter")}</Label>
            <NativeSelect
              id="only-flagged"
              value={onlyFlagged ? "flagged" : "all"}
              onChange={(event) => setOnlyFlagged(event.target.value === "flagged")}
            >
              <option value="all">{t("lines.all")}</option>
              <option value="flagged">{t("lines.onlyFlagged")}</option>
            </NativeSelect>
          </div>
        }
        empty={{ title: t("lines.empty") }}
      />
      <DaysDialog statementId={statementId} state={dialog} onClose={() => setDialog(null)} />
      <ResolveDialog statementId={statementId} state={dialog} onClose={() => setDialog(null)} />
    </div>
  );
}
