import { can } from "@domain/permissions";
import { type PostbackOutcome, postbackOutcomeTypes, postbackUrl } from "@domain/postbacks";
import type { PostbackKey, PostbackLogEntry } from "@domain/schemas/postbacks";
import { Copy } from "lucide-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { DataTable, type DataTableColumn } from "@/components/data-table";
import { FieldLayout } from "@/components/field-layout";
import { RangePicker, useRangeBounds } from "@/components/range-picker";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { NativeSelect } from "@/components/ui/native-select";
import { useCurrentUser } from "@/features/auth";
import { errorMessageKey } from "@/lib/api";
import { formatDate, formatDateTime } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useFormatters } from "@/lib/use-formatters";
import { useRangeParam, useTableUrlState, useUrlParam } from "@/lib/use-url-state";
import { usePostbackKeys, usePostbackLog, useRevokePostbackKey } from "../api";
import { CreateKeyForm } from "./create-key-form";

const logPageSize = 50;

/**
 * Postbacks (issue 26, docs/decisions/0086): a buyer's own keys (an admin's: one per offer), the URL
 * to paste into the network with a copy button, revoke with a confirmation, and the request log.
 */
export function PostbacksScreen() {
  const { t } = useTranslation("postbacks");
  const offerKeys = can(useCurrentUser().role, "postbacks:manage");
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>{t("create.title")}</CardTitle>
          <CardDescription>{t(offerKeys ? "create.descriptionOffer" : "create.description")}</CardDescription>
        </CardHeader>
        <CardContent>
          <CreateKeyForm offerKey={offerKeys} />
        </CardContent>
      </Card>
      <KeyList />
      <PostbackLog />
    </div>
  );
}

function CopyButton({ text, testId }: { text: string; testId?: string }) {
  const { t } = useTranslation("postbacks");
  return (
    <Button
      variant="outline"
      size="sm"
      data-testid={testId}
      onClick={() =>
        void navigator.clipboard
          ?.writeText(text)
          .then(() => toast.success(t("url.copied")))
          .catch(() => toast.error(t("url.copyFailed")))
      }
    >
      <Copy aria-hidden="true" />
      {t("url.copy")}
    </Button>
  );
}

function urlOf(key: PostbackKey): string {
  return postbackUrl({
    origin: window.location.origin,
    token: key.token,
    preset: key.preset,
    params: key.params,
    offerKey: key.offer !== null,
  });
}

function KeyList() {
  const { t } = useTranslation("postbacks");
  const format = useFormatters();
  const keys = usePostbackKeys();
  const revoke = useRevokePostbackKey();
  const [pending, setPending] = useState<PostbackKey | null>(null);
  const columns = useMemo<DataTableColumn<PostbackKey>[]>(
    () => [
      {
        id: "label",
        accessorKey: "label",
        header: t("keys.label"),
        cell: ({ row }) => (
          <div className="flex min-w-0 flex-col gap-1">
            <span className="font-medium">{row.original.label}</span>
            <span className="text-muted-foreground text-xs">
              {row.original.offer
                ? t("keys.forOffer", { offer: row.original.offer.name })
                : t("keys.forUser", { user: row.original.user?.name ?? "" })}
              {" · "}
              {t(`presets.${row.original.preset}`)}
            </span>
          </div>
        ),
        meta: { className: "max-w-56" },
      },
      {
        id: "url",
        header: t("keys.url"),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.revokedAt ? (
            <span className="text-muted-foreground text-sm">—</span>
          ) : (
            <div className="flex min-w-0 flex-col items-start gap-2">
              <code
                className="block w-full whitespace-normal break-all rounded bg-muted p-2 font-mono text-xs"
                data-testid="postback-url"
              >
                {urlOf(row.original)}
              </code>
              <CopyButton text={urlOf(row.original)} testId="postback-url-copy" />
            </div>
          ),
        // The URL wraps inside its column instead of widening the table.
        meta: { className: "w-full min-w-64 max-w-xl whitespace-normal" },
      },
      {
        id: "created",
        accessorKey: "createdAt",
        header: t("keys.created"),
        cell: ({ row }) => formatDate(row.original.createdAt, format.language, { timeZone: format.timeZone }),
      },
      {
        id: "status",
        accessorFn: (key) => (key.revokedAt ? "revoked" : "active"),
        header: t("keys.status"),
        cell: ({ row }) => (
          <Badge variant={row.original.revokedAt ? "outline" : "secondary"}>
            {t(row.original.revokedAt ? "keys.revoked" : "keys.active")}
          </Badge>
        ),
      },
      {
        id: "actions",
        header: () => <span className="sr-only">{t("keys.actions")}</span>,
        enableSorting: false,
        cell: ({ row }) =>
          row.original.revokedAt ? null : (
            <Button
              variant="outline"
              size="sm"
              onClick={() => setPending(row.original)}
              data-testid="postback-key-revoke"
            >
              {t("revoke.action")}
            </Button>
          ),
        meta: { className: "text-right" },
      },
    ],
    [t, format.language, format.timeZone],
  );

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>{t("keys.title")}</CardTitle>
        <CardDescription>{t("keys.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <DataTable
          columns={columns}
          data={keys.data}
          status={keys}
          getRowId={(key) => key.id}
          label={t("keys.title")}
          urlKey="keys"
          testId="postback-key-list"
          rowProps={(key) => ({
            "data-testid": "postback-key-row",
            "data-state": key.revokedAt ? "revoked" : "active",
          })}
          empty={{ title: t("keys.empty") }}
          bordered={false}
          skeletonRows={2}
          renderCard={(key) => (
            <div
              className="flex min-w-0 flex-col gap-2 rounded-md border p-3"
              data-testid="postback-key-card"
            >
              <div className="flex items-center justify-between gap-2">
                <span className="truncate font-medium">{key.label}</span>
                <Badge variant={key.revokedAt ? "outline" : "secondary"}>
                  {t(key.revokedAt ? "keys.revoked" : "keys.active")}
                </Badge>
              </div>
              <span className="text-muted-foreground text-xs">
                {key.offer
                  ? t("keys.forOffer", { offer: key.offer.name })
                  : t("keys.forUser", { user: key.user?.name ?? "" })}
              </span>
              {key.revokedAt ? null : (
                <>
                  <code className="break-all rounded bg-muted p-2 font-mono text-xs">{urlOf(key)}</code>
                  <div className="flex flex-wrap gap-2">
                    <CopyButton text={urlOf(key)} />
                    <Button variant="outline" size="sm" onClick={() => setPending(key)}>
                      {t("revoke.action")}
                    </Button>
                  </div>
                </>
              )}
            </div>
          )}
        />
      </CardContent>
      <ConfirmDialog
        open={pending !== null}
        onClose={() => setPending(null)}
        title={t("revoke.title", { label: pending?.label ?? "" })}
        description={t("revoke.description")}
        cancel={t("revoke.cancel")}
        action={t("revoke.action")}
        testId="postback-key-revoke-confirm"
        onConfirm={() => {
          if (!pending) return;
          revoke.mutate(pending.id, {
            onSuccess: () => toast.success(t("revoke.done")),
            onError: (error) => toast.error(t(errorMessageKey(error))),
          });
          setPending(null);
        }}
      />
    </Card>
  );
}

const isOutcome = (value: string | null): value is PostbackOutcome =>
  (postbackOutcomeTypes as readonly string[]).includes(value ?? "");

function PostbackLog() {
  const { t } = useTranslation("postbacks");
  const format = useFormatters();
  const keys = usePostbackKeys();
  const [keyId, setKeyId] = useUrlParam("key", { resetPage: "log" });
  const [outcome, setOutcome] = useUrlParam("outcome", { resetPage: "log" });
  const [range, setRange] = useRangeParam("7d", { resetPages: ["log"] });
  const bounds = useRangeBounds(range);
  const [table] = useTableUrlState("log");
  const query = bounds
    ? {
        ...(keyId ? { keyId } : {}),
        ...(isOutcome(outcome) ? { outcome } : {}),
        ...bounds,
        page: table.page,
        pageSize: logPageSize,
      }
    : null;
  const log = usePostbackLog(query);
  const columns = useMemo<DataTableColumn<PostbackLogEntry>[]>(
    () => [
      {
        id: "receivedAt",
        accessorKey: "receivedAt",
        header: t("log.receivedAt"),
        cell: ({ row }) => formatDateTime(row.original.receivedAt, format.language, format.timeZone),
        meta: { className: "whitespace-nowrap" },
      },
      {
        id: "key",
        accessorKey: "keyLabel",
        header: t("log.key"),
        meta: { className: "min-w-32 max-w-40 whitespace-normal break-words" },
      },
      {
        id: "outcome",
        accessorKey: "outcome",
        header: t("log.outcome"),
        cell: ({ row }) => (
          <Badge variant={row.original.outcome === "counted" ? "secondary" : "outline"}>
            {t(`outcomes.${row.original.outcome}`)}
          </Badge>
        ),
      },
      {
        id: "reason",
        accessorKey: "reason",
        header: t("log.reason"),
        cell: ({ row }) =>
          row.original.reason
            ? t(`reasons.${row.original.reason}`, { defaultValue: row.original.reason })
            : "—",
      },
      {
        id: "event",
        accessorKey: "event",
        header: t("log.event"),
        cell: ({ row }) => {
          const event = row.original.event;
          return event ? t(`events.${event}`, { defaultValue: event }) : "—";
        },
      },
      {
        id: "buyer",
        header: t("log.buyer"),
        accessorFn: (entry) => entry.user?.name ?? "—",
        meta: { className: "min-w-32 max-w-40 whitespace-normal break-words" },
      },
      {
        id: "offer",
        header: t("log.offer"),
        accessorFn: (entry) => entry.offer?.name ?? "—",
        meta: { className: "min-w-32 max-w-40 whitespace-normal break-words" },
      },
      {
        id: "amount",
        accessorKey: "amount",
        header: t("log.amount"),
        cell: ({ row }) => (row.original.amount ? format.number(row.original.amount) : "—"),
        meta: { className: "text-right tabular-nums" },
      },
      {
        id: "tid",
        accessorKey: "tid",
        header: t("log.tid"),
        cell: ({ row }) => row.original.tid ?? "—",
        meta: { className: "min-w-32 max-w-40 whitespace-normal break-words font-mono text-xs" },
      },
    ],
    [t, format],
  );

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>{t("log.title")}</CardTitle>
        <CardDescription>{t("log.description")}</CardDescription>
      </CardHeader>
      <CardContent className="flex min-w-0 flex-col gap-4">
        <search
          aria-label={t("log.filters")}
          className="grid gap-4 sm:grid-cols-3"
          data-testid="postback-log-filters"
        >
          <FieldLayout label={t("log.key")} className="min-w-0">
            {(props) => (
              <NativeSelect
                {...props}
                value={keyId ?? ""}
                onChange={(event) => setKeyId(event.target.value || null)}
                data-testid="postback-log-key"
              >
                <option value="">{t("log.allKeys")}</option>
                {(keys.data ?? []).map((key) => (
                  <option key={key.id} value={key.id}>
                    {key.label}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FieldLayout>
          <FieldLayout label={t("log.outcome")} className="min-w-0">
            {(props) => (
              <NativeSelect
                {...props}
                value={isOutcome(outcome) ? outcome : ""}
                onChange={(event) => setOutcome(event.target.value || null)}
                data-testid="postback-log-outcome"
              >
                <option value="">{t("log.allOutcomes")}</option>
                {postbackOutcomeTypes.map((value) => (
                  <option key={value} value={value}>
                    {t(`outcomes.${value}`)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FieldLayout>
          <RangePicker
            value={range}
            onChange={setRange}
            label={t("log.period")}
            testId="postback-log-range"
            className="min-w-0"
          />
        </search>
        <DataTable
          columns={columns}
          data={log.data?.items}
          status={log}
          getRowId={(entry) => String(entry.id)}
          label={t("log.title")}
          urlKey="log"
          sorting="none"
          paging={{ mode: "server", pageSize: logPageSize, rowCount: log.data?.total ?? 0 }}
          testId="postback-log"
          rowProps={(entry) => ({ "data-testid": "postback-log-row", "data-outcome": entry.outcome })}
          empty={{ title: t("log.empty") }}
          bordered={false}
          skeletonRows={3}
        />
      </CardContent>
    </Card>
  );
}
