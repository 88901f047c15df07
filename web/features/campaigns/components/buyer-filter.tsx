import { campaignReadScopeFor, can, canChangeCampaign, type ReadScope } from "@domain/permissions";
import type { Campaign } from "@domain/schemas/campaigns";
import { useTranslation } from "react-i18next";
import { ChoiceSelect, choicesOf } from "@/components/choice-select";
import { FieldLayout } from "@/components/field-layout";
import { useCurrentUser } from "@/features/auth";
import { useUsers } from "@/features/users";
import { useUrlParam } from "@/lib/use-url-state";

// The buyer filter of the screens that show more than one person's rows (issue 25, decision 0078):
// the dashboard list, /campanhas and /user/analytics. URL param `userId`; the server applies it
// inside the caller's scope (a buyer outside it reads nothing). A buyer reads only their own rows
// and gets neither the filter nor the buyer column.

/** How far the viewer reads campaigns, and whether the screens show whose each row is. */
export function useCampaignScope(): { scope: ReadScope; showsBuyers: boolean } {
  const user = useCurrentUser();
  const scope = campaignReadScopeFor(user.role);
  return { scope, showsBuyers: scope !== "own" };
}

/** The chosen buyer (URL `userId`), only for viewers who read more than their own rows. */
export function useBuyerParam(): [string | undefined, (userId: string | undefined) => void] {
  const { showsBuyers } = useCampaignScope();
  const [value, set] = useUrlParam("userId", { resetPage: "" });
  return [showsBuyers ? (value ?? undefined) : undefined, (userId) => set(userId ?? null)];
}

/** Whether the viewer may edit or delete this row (the server answers 403 otherwise). */
export function useCanChangeCampaign(): (campaign: Pick<Campaign, "creatorId">) => boolean {
  const user = useCurrentUser();
  return (campaign) => canChangeCampaign(user, campaign);
}

/** The list's title for the viewer: a team's rows, everyone's, or their own. */
export function scopeTitleKey(scope: ReadScope): "scope.team" | "scope.all" | "scope.own" {
  return `scope.${scope}`;
}

/** A select of the buyers the viewer reads: a team lead themself and their buyers; staff, everyone who logs. */
export function BuyerFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (userId: string | undefined) => void;
}) {
  const { t } = useTranslation("campaigns");
  const { showsBuyers } = useCampaignScope();
  const users = useUsers({}, { enabled: showsBuyers });
  if (!showsBuyers) return null;
  const buyers = users.data?.filter((user) => can(user.role, "area:buyer"));
  return (
    <FieldLayout label={t("buyer.label")} className="min-w-0 sm:w-56">
      {(props) => (
        <ChoiceSelect
          {...props}
          value={value ?? ""}
          onChange={(userId) => onChange(userId || undefined)}
          choices={choicesOf({ isPending: users.isPending, data: buyers }, (user) => ({
            value: user.id,
            label: user.name || user.email,
          }))}
          allLabel={t("buyer.all")}
          unknownLabel={t("buyer.unknown")}
          data-testid="filter-buyer"
        />
      )}
    </FieldLayout>
  );
}

/** "You are viewing Ana's campaigns, read-only": when the screen shows another person's rows. */
export function ReadOnlyNote({ userId }: { userId: string | undefined }) {
  const { t } = useTranslation("campaigns");
  const me = useCurrentUser();
  const { showsBuyers } = useCampaignScope();
  const users = useUsers({}, { enabled: showsBuyers && Boolean(userId) });
  if (!userId || userId === me.id) return null;
  const person = users.data?.find((user) => user.id === userId);
  if (!person) return null;
  return (
    <p className="rounded-md border bg-muted/50 px-3 py-2 text-sm" data-testid="read-only-note">
      {t("readOnly", { name: person.name || person.email })}
    </p>
  );
}
