import { type TokenAccessChoice, tokenAccessChoiceFor } from "@domain/permissions";
import { type ApiToken, maxActiveTokensPerUser } from "@domain/schemas/tokens";
import { Copy } from "lucide-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { DataTable, type DataTableColumn } from "@/components/data-table";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useCurrentUser } from "@/features/auth";
import { errorMessageKey } from "@/lib/api";
import { formatDate, formatDateTime } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useFormatters } from "@/lib/use-formatters";
import { useRevokeToken, useTokens } from "../api";
import { CreateTokenForm } from "./create-token-form";

/**
 * Create (the secret is shown once), list with last use, expiry and access, revoke. Every token
 * expires; an admin chooses between a token that only creates campaigns and one with full campaign
 * access (docs/decisions/0068); other roles are not asked, since the choice changes nothing for them.
 */
export function TokensScreen() {
  const { t } = useTranslation("tokens");
  const choice = tokenAccessChoiceFor(useCurrentUser().role);
  const [secret, setSecret] = useState<string | null>(null);

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>{t("create.title")}</CardTitle>
          <CardDescription>{t("create.description")}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <CreateTokenForm choice={choice} onCreated={setSecret} />
          {secret ? <SecretNotice secret={secret} onDone={() => setSecret(null)} /> : null}
        </CardContent>
      </Card>
      <TokenList choice={choice} />
    </div>
  );
}

function SecretNotice({ secret, onDone }: { secret: string; onDone: () => void }) {
  const { t } = useTranslation("tokens");
  return (
    <div className="flex flex-col gap-3 rounded-md border border-primary/40 bg-primary/5 p-4" role="status">
      <p className="font-medium text-sm">{t("secret.title")}</p>
      <p className="text-muted-foreground text-sm">{t("secret.hint")}</p>
      <code className="break-all rounded bg-muted p-2 font-mono text-sm" data-testid="token-secret">
        {secret}
      </code>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() =>
            void navigator.clipboard
              ?.writeText(secret)
              .then(() => toast.success(t("secret.copied")))
              .catch(() => toast.error(t("secret.copyFailed")))
          }
        >
          <Copy aria-hidden="true" />
          {t("secret.copy")}
        </Button>
        <Button variant="ghost" size="sm" onClick={onDone}>
          {t("secret.done")}
        </Button>
      </div>
    </div>
  );
}

/** A token is active until revoked or past its expiry. */
function tokenState(token: ApiToken): "active" | "revoked" | "expired" {
  if (token.revokedAt) return "revoked";
  return token.expiresAt !== null && new Date(token.expiresAt) <= new Date() ? "expired" : "active";
}

function TokenList({ choice }: { choice: TokenAccessChoice }) {
  const { t } = useTranslation("tokens");
  const format = useFormatters();
  const tokens = useTokens();
  const revoke = useRevokeToken();
  const [pending, setPending] = useState<ApiToken | null>(null);
  const showAccess = choice !== "own-scope";
  const columns = useMemo<DataTableColumn<ApiToken>[]>(() => {
    const when = (value: string | null) =>
      value ? formatDateTime(value, format.language, format.timeZone) : "—";
    const list: DataTableColumn<ApiToken>[] = [
      {
        id: "name",
        accessorKey: "name",
        header: t("list.name"),
        meta: { className: "min-w-32 max-w-48 whitespace-normal break-words font-medium" },
      },
      {
        id: "prefix",
        accessorKey: "prefix",
        header: t("list.prefix"),
        cell: ({ row }) => `${row.original.prefix}…`,
        meta: { className: "font-mono text-xs" },
      },
      {
        id: "lastUsed",
        accessorKey: "lastUsedAt",
        header: t("list.lastUsed"),
        cell: ({ row }) => (row.original.lastUsedAt ? when(row.original.lastUsedAt) : t("list.never")),
      },
      {
        id: "expires",
        accessorKey: "expiresAt",
        header: t("list.expires"),
        // The day is enough here (and keeps the table narrow); the title has the time.
        cell: ({ row }) =>
          row.original.expiresAt ? (
            <span title={when(row.original.expiresAt)}>
              {formatDate(row.original.expiresAt, format.language, { timeZone: format.timeZone })}
            </span>
          ) : (
            t("list.noExpiry")
          ),
      },
    ];
    if (showAccess)
      list.push({
        id: "access",
        accessorFn: (token) => t(token.fullAccess ? "access.full" : "access.intake"),
        header: t("list.access"),
        meta: { cellProps: () => ({ "data-testid": "token-access-cell" }) },
      });
    list.push(
      {
        id: "status",
        accessorFn: (token) => tokenState(token),
        header: t("list.status"),
        cell: ({ row }) => {
          const state = tokenState(row.original);
          return <Badge variant={state === "active" ? "secondary" : "outline"}>{t(`state.${state}`)}</Badge>;
        },
      },
      {
        id: "actions",
        header: () => <span className="sr-only">{t("list.actions")}</span>,
        enableSorting: false,
        cell: ({ row }) =>
          tokenState(row.original) === "active" ? (
            <Button
              variant="outline"
              size="sm"
              onClick={() => setPending(row.original)}
              data-testid="token-revoke"
            >
              {t("revoke.action")}
            </Button>
          ) : null,
        meta: { className: "text-right" },
      },
    );
    return list;
  }, [t, format.language, format.timeZone, showAccess]);
  const active = tokens.data?.filter((token) => tokenState(token) === "active").length ?? 0;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("list.title")}</CardTitle>
        {tokens.data ? (
          <CardDescription data-testid="token-count">
            {t("list.count", { count: active, max: maxActiveTokensPerUser })}
          </CardDescription>
        ) : null}
      </CardHeader>
      <CardContent>
        <DataTable
          columns={columns}
          data={tokens.data}
          status={tokens}
          getRowId={(token) => token.id}
          label={t("list.title")}
          urlKey="tokens"
          testId="token-list"
          rowProps={(token) => ({ "data-testid": "token-row", "data-state": tokenState(token) })}
          empty={{ title: t("list.empty") }}
          bordered={false}
          skeletonRows={3}
        />
      </CardContent>
      <ConfirmDialog
        open={pending !== null}
        onClose={() => setPending(null)}
        title={t("revoke.title", { name: pending?.name ?? "" })}
        description={t("revoke.description")}
        cancel={t("revoke.cancel")}
        action={t("revoke.action")}
        testId="token-revoke-confirm"
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
