import {
  type DuplicateChoice,
  type ImportField,
  type ImportMapping,
  type ImportPreview,
  type ImportRowStatus,
  importFields,
} from "@domain/import";
import { can } from "@domain/permissions";
import type { GuardrailWarning } from "@domain/schemas/guardrails";
import { ChevronLeft, ChevronRight, FileUp } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { DataTable, type DataTableColumn } from "@/components/data-table";
import { FilePicker } from "@/components/file-picker";
import { ConfirmWarnings, useGuardrailText, warningsToConfirm } from "@/components/guardrail-warnings";
import { IconButton } from "@/components/icon-button";
import { trendClass } from "@/components/trend";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { useCurrentUser } from "@/features/auth";
import { useUsers } from "@/features/users";
import { errorMessageKey, isApiError } from "@/lib/api";
import { formatMonthYear, isMonthClosed } from "@/lib/month-closed";
import { toast } from "@/lib/toast";
import { useFormatters } from "@/lib/use-formatters";
import { cn } from "@/lib/utils";
import { importPageSize, uploadImportPreview, useCommitImport, useImportPreviewPage } from "../api";
import { ColumnMapping } from "./column-mapping";

type StatusFilter = "all" | ImportRowStatus;
const optionalFields = new Set<ImportField>(["revenue"]);

/**
 * Upload → columns → preview → import (docs/decisions/0030, 0038). Admins first choose whose
 * results these are (?userId=…): the rows become that buyer's, checked against the buyer's offers.
 */
export function ImportScreen() {
  const { t } = useTranslation("import");
  const navigate = useNavigate();
  const me = useCurrentUser();
  const importsForOthers = can(me.role, "campaigns:write-all");
  const [searchParams, setSearchParams] = useSearchParams();
  const targetId = importsForOthers ? (searchParams.get("userId") ?? "") : "";
  const fileInputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [first, setFirst] = useState<ImportPreview | null>(null);
  const [reading, setReading] = useState(false);
  const [uploadError, setUploadError] = useState<unknown>(null);
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<StatusFilter>("all");
  const [duplicates, setDuplicates] = useState<DuplicateChoice>("skip");
  // 422 needs_confirmation at the commit: rows with unusual figures, confirmed once (decision 0084).
  const [warnings, setWarnings] = useState<GuardrailWarning[] | null>(null);
  const commit = useCommitImport();
  const params = first ? { token: first.token, page, status } : null;
  const pageQuery = useImportPreviewPage(params, first);
  const current = page === 1 && status === "all" ? first : (pageQuery.data ?? first);

  async function readPreview(next: File, mapping?: ImportMapping, userId = targetId) {
    setReading(true);
    setUploadError(null);
    try {
      const preview = await uploadImportPreview(next, { mapping, userId: userId || undefined });
      setFirst(preview);
      setWarnings(null);
      setPage(1);
      setStatus("all");
    } catch (error) {
      setUploadError(error);
      setFirst(null);
    } finally {
      setReading(false);
    }
  }

  function changeTarget(userId: string) {
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (userId) next.set("userId", userId);
        else next.delete("userId");
        return next;
      },
      { replace: true },
    );
    // The same file and columns again, checked against the new buyer's offers and days.
    if (file) void readPreview(file, first?.mapping, userId);
  }

  function changeMapping(field: ImportField, header: string) {
    if (!file || !first) return;
    void readPreview(file, { ...first.mapping, [field]: header || null });
  }

  function errorText(error: unknown) {
    const key = isApiError(error) ? `import:errors.${error.code}` : "";
    return key && t(key, { defaultValue: "" }) ? t(key) : t(errorMessageKey(error));
  }

  async function submit(acknowledgeWarnings = false) {
    if (!first) return;
    setWarnings(null);
    try {
      const result = await commit.mutateAsync({
        token: first.token,
        duplicates,
        ...(acknowledgeWarnings ? { acknowledgeWarnings } : {}),
      });
      toast.success(t("done", result));
      // An admin sees every buyer's days there too, each card naming its buyer.
      navigate("/campanhas");
    } catch (error) {
      const toConfirm = warningsToConfirm(error);
      if (toConfirm) {
        setWarnings(toConfirm);
        return;
      }
      toast.error(errorText(error));
      // A month closed since the preview: nothing was saved; read the file again so the preview
      // marks that month's rows and the others can be imported.
      if (isMonthClosed(error) && file) void readPreview(file, first.mapping);
    }
  }

  const accepted = first ? first.counts.ok + (duplicates === "replace" ? first.counts.duplicate : 0) : 0;
  const pages = current ? Math.max(1, Math.ceil(current.total / importPageSize)) : 1;

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>{t("upload.title")}</CardTitle>
          <CardDescription>{t("upload.hint")}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          {importsForOthers ? (
            <ImportTarget value={targetId} disabled={reading || commit.isPending} onChange={changeTarget} />
          ) : null}
          <Label htmlFor={fileInputId}>{t("upload.label")}</Label>
          <FilePicker
            id={fileInputId}
            accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            data-testid="import-file"
            onFile={(next) => {
              setFile(next);
              if (next) void readPreview(next);
            }}
          />
          {reading ? (
            <p className="flex items-center gap-2 text-muted-foreground text-sm" role="status">
              <Spinner /> {t("upload.reading")}
            </p>
          ) : null}
          {uploadError ? (
            <p role="alert" className="text-destructive text-sm" data-testid="import-error">
              {errorText(uploadError)}
            </p>
          ) : null}
        </CardContent>
      </Card>

      {first ? (
        <ColumnMapping
          fields={importFields}
          headers={first.headers}
          mapping={first.mapping}
          optional={optionalFields}
          label={(field) => t(`fields.${field}`)}
          idPrefix={fileInputId}
          disabled={reading}
          onChange={changeMapping}
        />
      ) : null}

      {first && current ? (
        <Card>
          <CardHeader className="gap-3">
            <CardTitle>{t("preview.title")}</CardTitle>
            <div className="flex flex-wrap items-center gap-2" data-testid="import-counts">
              <Badge variant="secondary" data-testid="count-ok">
                {t("status.ok", { count: first.counts.ok })}
              </Badge>
              <Badge variant="outline" data-testid="count-duplicate">
                {t("status.duplicate", { count: first.counts.duplicate })}
              </Badge>
              <Badge variant={first.counts.error > 0 ? "destructive" : "outline"} data-testid="count-error">
                {t("status.error", { count: first.counts.error })}
              </Badge>
            </div>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <div className="flex flex-col gap-2 sm:w-72">
              <Label htmlFor={`${fileInputId}-status`}>{t("preview.filter")}</Label>
              <NativeSelect
                id={`${fileInputId}-status`}
                data-testid="import-status-filter"
                value={status}
                onChange={(event) => {
                  setStatus(event.target.value as StatusFilter);
                  setPage(1);
                }}
              >
                <option value="all">
                  {t("status.all", { count: first.counts.ok + first.counts.duplicate + first.counts.error })}
                </option>
                <option value="ok">{t("status.ok", { count: first.counts.ok })}</option>
                <option value="duplicate">{t("status.duplicate", { count: first.counts.duplicate })}</option>
                <option value="error">{t("status.error", { count: first.counts.error })}</option>
              </NativeSelect>
            </div>
            <PreviewTable preview={current} />
            {pages > 1 ? (
              <div className="flex items-center justify-end gap-2">
                <span className="text-muted-foreground text-sm">{t("preview.page", { page, pages })}</span>
                <IconButton
                  variant="outline"
                  label={t("preview.previous")}
                  disabled={page <= 1}
                  onClick={() => setPage((p) => p - 1)}
                >
                  <ChevronLeft aria-hidden="true" />
                </IconButton>
                <IconButton
                  variant="outline"
                  label={t("preview.next")}
                  disabled={page >= pages}
                  onClick={() => setPage((p) => p + 1)}
                >
                  <ChevronRight aria-hidden="true" />
                </IconButton>
              </div>
            ) : null}

            {first.counts.duplicate > 0 ? (
              <fieldset className="flex flex-col gap-2 rounded-md border p-4" data-testid="duplicate-choice">
                <legend className="px-1 font-medium text-sm">{t("duplicates.title")}</legend>
                {(["skip", "replace"] as const).map((choice) => (
                  <label key={choice} className="flex items-center gap-2 text-sm">
                    <input
                      type="radio"
                      name="duplicates"
                      value={choice}
                      checked={duplicates === choice}
                      onChange={() => {
                        setDuplicates(choice);
                        setWarnings(null);
                      }}
                      className="size-4 accent-primary"
                    />
                    {t(`duplicates.${choice}`)}
                  </label>
                ))}
              </fieldset>
            ) : null}

            {warnings ? (
              <ConfirmWarnings
                warnings={warnings}
                rowLabel
                pending={commit.isPending}
                onConfirm={() => void submit(true)}
              />
            ) : null}
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-muted-foreground text-sm">
                {accepted === 0 ? t("nothingToImport") : first.counts.error > 0 ? t("rejectedNote") : null}
              </p>
              <Button
                data-testid="import-submit"
                disabled={accepted === 0 || commit.isPending || reading}
                onClick={() => void submit()}
              >
                {commit.isPending ? <Spinner /> : <FileUp aria-hidden="true" />}
                {t("submit", { count: accepted })}
              </Button>
            </div>
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}

/** Admins: whose results the file holds (themselves, or a buyer or team lead who logs campaigns). */
function ImportTarget({
  value,
  disabled,
  onChange,
}: {
  value: string;
  disabled: boolean;
  onChange: (userId: string) => void;
}) {
  const { t } = useTranslation("import");
  const me = useCurrentUser();
  const id = useId();
  const users = useUsers();
  const choices = useMemo(
    () =>
      (users.data ?? [])
        .filter((u) => u.id !== me.id && !u.deactivatedAt && can(u.role, "area:buyer"))
        .sort((a, b) => a.name.localeCompare(b.name)),
    [users.data, me.id],
  );
  return (
    <div className="flex flex-col gap-2 sm:w-96">
      <Label htmlFor={id}>{t("target.label")}</Label>
      <NativeSelect
        id={id}
        data-testid="import-target"
        value={value}
        disabled={disabled || users.isPending}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{t("target.me", { name: me.name })}</option>
        {/* A buyer named in the address but not (yet) in the list still shows as chosen. */}
        {value && !choices.some((u) => u.id === value) ? <option value={value}>{value}</option> : null}
        {choices.map((user) => (
          <option key={user.id} value={user.id}>
            {t("target.option", { name: user.name, email: user.email })}
          </option>
        ))}
      </NativeSelect>
      <p id={`${id}-hint`} className="text-muted-foreground text-sm">
        {t("target.hint")}
      </p>
      {users.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {t(errorMessageKey(users.error))}
        </p>
      ) : null}
    </div>
  );
}

type PreviewRow = ImportPreview["rows"][number];

function PreviewTable({ preview }: { preview: ImportPreview }) {
  const { t } = useTranslation("import");
  const format = useFormatters();
  const warningText = useGuardrailText();
  const columns = useMemo<DataTableColumn<PreviewRow>[]>(() => {
    const problemText = (code: string, field: string | undefined, date: string | undefined) => {
      // A closed month is named: "Date: November 2026 is closed for payment".
      const text =
        code === "month_closed" && date
          ? t("problems.month_closed", { month: formatMonthYear(date, format.language) })
          : t(`problems.${code}`);
      return field ? `${t(`fields.${field}`)}: ${text}` : text;
    };
    // A row that failed to parse shows what the file said; a parsed one, the formatted value.
    const figure = (
      id: "spent" | "clicks" | "installations" | "registrations" | "deposits" | "revenue",
      money: boolean,
    ): DataTableColumn<PreviewRow> => ({
      id,
      header: t(`fields.${id}`),
      cell: ({ row }) => {
        const v = row.original.values;
        if (!v) return row.original.raw[id];
        return money ? format.money(v[id] as string) : format.number(v[id] as number);
      },
      meta: { numeric: true },
    });
    return [
      { id: "line", accessorKey: "line", header: t("preview.line"), meta: { numeric: true } },
      {
        id: "status",
        header: t("preview.status"),
        cell: ({ row }) => (
          <Badge
            variant={
              row.original.status === "error"
                ? "destructive"
                : row.original.status === "ok"
                  ? "secondary"
                  : "outline"
            }
          >
            {t(`badge.${row.original.status}`)}
          </Badge>
        ),
      },
      {
        id: "date",
        header: t("fields.date"),
        cell: ({ row }) =>
          row.original.values ? format.date(row.original.values.date, "short") : row.original.raw.date,
      },
      {
        id: "offer",
        header: t("fields.offer"),
        cell: ({ row }) => (row.original.values ? row.original.values.offerName : row.original.raw.offer),
        // Long offer names wrap inside the column instead of widening the table (issue 28).
        meta: { className: "min-w-32 max-w-48 whitespace-normal break-words" },
      },
      figure("spent", true),
      figure("clicks", false),
      figure("installations", false),
      figure("registrations", false),
      figure("deposits", false),
      figure("revenue", true),
      {
        id: "profit",
        header: t("preview.profit"),
        cell: ({ row }) => (row.original.metrics ? format.money(row.original.metrics.profit) : ""),
        meta: {
          numeric: true,
          cellProps: (row) => ({ className: row.metrics ? trendClass(row.metrics.profit) : undefined }),
        },
      },
      {
        id: "roi",
        header: t("preview.roi"),
        cell: ({ row }) => (row.original.metrics ? format.percent(row.original.metrics.roi) : ""),
        meta: { numeric: true },
      },
      {
        id: "problems",
        header: t("preview.problems"),
        cell: ({ row }) => (
          <>
            {row.original.problems
              .map((p) => problemText(p.code, p.field, row.original.values?.date))
              .join("; ")}
            {row.original.warnings.length > 0 ? (
              <ul className="text-amber-700 text-xs dark:text-amber-400" data-testid="import-warnings">
                {row.original.warnings.map((w) => (
                  <li key={`${w.field}-${w.code}`}>{warningText(w)}</li>
                ))}
              </ul>
            ) : null}
          </>
        ),
        // The problems wrap in a column of their own width, so the preview fits a 1280 px window.
        meta: {
          className: "min-w-48 max-w-72 whitespace-normal text-sm",
          cellProps: () => ({ "data-testid": "import-problems" }),
        },
      },
    ];
  }, [t, format, warningText]);
  if (preview.rows.length === 0) return <p className="text-muted-foreground text-sm">{t("preview.empty")}</p>;
  return (
    <DataTable
      columns={columns}
      data={preview.rows}
      getRowId={(row) => String(row.line)}
      label={t("preview.title")}
      // One page of the server's preview, in the file's order.
      sorting="none"
      testId="import-preview"
      rowProps={(row) => ({
        "data-testid": "import-row",
        "data-status": row.status,
        className: cn(
          row.status === "error" && "bg-destructive/5",
          row.status === "duplicate" && "bg-amber-500/10",
        ),
      })}
    />
  );
}
