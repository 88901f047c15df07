import { campaignReadScopeFor, can, homePathFor } from "@domain/permissions";
import type { Role } from "@domain/roles";
import { Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader } from "@/components/layout/page-header";
import { RangePicker, useRangeBounds } from "@/components/range-picker";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useCurrentUser } from "@/features/auth/session";
import { ReadOnlyNote, scopeTitleKey, useBuyerParam } from "@/features/campaigns/components/buyer-filter";
import { CampaignsTable } from "@/features/campaigns/components/campaigns-table";
import { PeriodCards } from "@/features/campaigns/components/period-cards";
import { CommissionCard } from "@/features/payments/components/commission-card";
import { useRangeParam } from "@/lib/use-url-state";
import { Redirect } from "../redirect";

// "/" is the buyer dashboard. Admins and financial staff have their own dashboards, so "/" (where
// the guards send people away from areas they lack) takes them there, unless the address names a
// buyer (`/?userId=…`, from the team screen): then they read that buyer's dashboard, read-only.
export function Component() {
  const user = useCurrentUser();
  const [buyer] = useBuyerParam();
  if (!can(user.role, "area:buyer") && !buyer) return <Redirect to={homePathFor(user.role)} replace />;
  return <BuyerDashboard name={user.name} role={user.role} />;
}

function BuyerDashboard({ name, role }: { name: string; role: Role }) {
  const { t } = useTranslation("campaigns");
  const [buyer] = useBuyerParam();
  const scope = campaignReadScopeFor(role);
  const greeting =
    scope === "team"
      ? "dashboard.greetingTeam"
      : scope === "all"
        ? "dashboard.greetingAll"
        : "dashboard.greeting";
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <PageHeader
        title={t("nav:buyer.dashboard")}
        description={t(greeting, { name })}
        actions={
          !can(role, "campaigns:write") ? null : (
            <Button asChild>
              <Link to="/add-data">
                <Plus aria-hidden="true" />
                {t("history.addDay")}
              </Link>
            </Button>
          )
        }
      />
      <ReadOnlyNote userId={buyer} />
      <Tabs defaultValue="overview">
        <TabsList className="w-full sm:w-fit">
          <TabsTrigger value="overview">{t("dashboard.overview")}</TabsTrigger>
          <TabsTrigger value="campaigns">
            {scope === "own" ? t("dashboard.campaigns") : t(scopeTitleKey(scope))}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="overview" className="space-y-4">
          <PeriodCards userId={buyer} />
          {/* Team leads see the dashboard too, but only buyers are paid a commission (their own). */}
          {can(role, "commission:earn") && !buyer ? (
            <div className="grid gap-4 lg:grid-cols-2">
              <CommissionCard />
            </div>
          ) : null}
        </TabsContent>
        <TabsContent value="campaigns">
          <DashboardCampaigns />
        </TabsContent>
      </Tabs>
    </div>
  );
}

/** The dashboard's list of campaigns: every day unless a range is chosen (kept in the address). */
function DashboardCampaigns() {
  const [period, setPeriod] = useRangeParam("all");
  const bounds = useRangeBounds(period);
  return (
    <div className="flex flex-col gap-4">
      <RangePicker value={period} onChange={setPeriod} testId="campaigns-period" className="sm:w-72" />
      {/* "All" sets no bound at all, as the list had before it had a range. */}
      <CampaignsTable filter={period.period === "all" ? {} : (bounds ?? {})} />
    </div>
  );
}
