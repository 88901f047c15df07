import { type TokenAccessChoice, tokenAccessChoiceFor } from "@domain/permissions";
import { type ApiToken, maxActiveTokensPerUser } from "@domain/schemas/tokens";
import { Copy } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState, ErrorState } from "@/components/states";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
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

function TokenList({ choice }: { choice: TokenAccessChoice }) {
  const { t } = useTranslation("tokens");
  const format = useFormatters();
  const tokens = useTokens();
  const revoke = useRevokeToken();
  const [pending, setPending] = useState<ApiToken | null>(null);
  const when = (value: string | null) =>
    value ? formatDateTime(value, format.language, format.timeZone) : "—";

  if (tokens.isPending) return <Skeleton className="h-32 w-full" />;
  if (tokens.isError) return <ErrorState error={tokens.error} onRetry={() => void tokens.refetch()} />;
  if (tokens.data.length === 0) return <EmptyState title={t("list.empty")} />;
  const now = new Date();
  const active = tokens.data.filter(
    (token) => !token.revokedAt && (token.expiresAt === null || new Date(token.expiresAt) > now),
  ).length;
  const showAccess = choice !== "own-scope";

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("list.title")}</CardTitle>
        <CardDescription data-testid="token-count">
          {t("list.count", { count: active, max: maxActiveTokensPerUser })}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Table data-testid="token-list">
          <TableHeader>
            <TableRow>
              <TableHead>{t("list.name")}</TableHead>
              <TableHead>{t("list.prefix")}</TableHead>
              <TableHead>{t("list.lastUsed")}</TableHead>
              <TableHead>{t("list.expires")}</TableHead>
              {showAccess ? <TableHead>{t("list.access")}</TableHead> : null}
              <TableHead>{t("list.status")}</TableHead>
              <TableHead>
                <span className="sr-only">{t("list.actions")}</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {tokens.data.map((token) => {
              const expired = token.expiresAt !== null && new Date(token.expiresAt) <= new Date();
              const state = token.revokedAt ? "revoked" : expired ? "expired" : "active";
              return (
                <TableRow key={token.id} data-testid="token-row" data-state={state}>
                  <TableCell className="max-w-48 truncate font-medium">{token.name}</TableCell>
                  <TableCell className="font-mono text-xs">{token.prefix}…</TableCell>
                  <TableCell className="whitespace-nowrap">
                    {token.lastUsedAt ? when(token.lastUsedAt) : t("list.never")}
                  </TableCell>
                  <TableCell className="whitespace-nowrap">
                    {/* The day is enough here (and keeps the table narrow); the title has the time. */}
                    {token.expiresAt ? (
                      <span title={when(token.expiresAt)}>
                        {formatDate(token.expiresAt, format.language, { timeZone: format.timeZone })}
                      </span>
                    ) : (
                      t("list.noExpiry")
                    )}
                  </TableCell>
                  {showAccess ? (
                    <TableCell className="whitespace-nowrap" data-testid="token-access-cell">
                      {t(token.fullAccess ? "access.full" : "access.intake")}
                    </TableCell>
                  ) : null}
                  <TableCell>
                    <Badge variant={state === "active" ? "secondary" : "outline"}>
                      {t(`state.${state}`)}
                    </Badge>
                  </TableCell>
                  <TableCell className="text-right">
                    {state === "active" ? (
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => setPending(token)}
                        data-testid="token-revoke"
                      >
                        {t("revoke.action")}
                      </Button>
                    ) : null}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </CardContent>
      <AlertDialog open={pending !== null} onOpenChange={(open) => !open && setPending(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t("revoke.title", { name: pending?.name ?? "" })}</AlertDialogTitle>
            <AlertDialogDescription>{t("revoke.description")}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t("revoke.cancel")}</AlertDialogCancel>
            <AlertDialogAction
              data-testid="token-revoke-confirm"
              onClick={() => {
                if (!pending) return;
                revoke.mutate(pending.id, {
                  onSuccess: () => toast.success(t("revoke.done")),
                  onError: (error) => toast.error(t(errorMessageKey(error))),
                });
                setPending(null);
              }}
            >
              {t("revoke.action")}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}
