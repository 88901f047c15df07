import { can } from "@domain/permissions";
import { ShieldAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "@/components/layout/page-header";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { BuyerCodeCard } from "@/features/account/components/buyer-code-card";
import { ChangePasswordCard } from "@/features/account/components/change-password-card";
import { PayeeCard } from "@/features/account/components/payee-card";
import { SessionsCard } from "@/features/account/components/sessions-card";
import { TwoFactorCard } from "@/features/account/components/two-factor-card";
import { mustSetUpTwoFactor } from "@/features/auth/next-path";
import { useCurrentUser } from "@/features/auth/session";

// /account, for every role (the user menu): the password, two-factor sign-in and the sessions; for
// buyers, where they are paid. A user whose role must use two-factor and has not turned it on lands
// here, and only here, with a banner saying why.
export function Component() {
  const { t } = useTranslation("account");
  const user = useCurrentUser();
  const blocked = mustSetUpTwoFactor(user);
  return (
    <div className="mx-auto grid w-full max-w-4xl grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader title={t("title")} description={t("description", { email: user.email })} />
      {blocked ? (
        <Alert variant="destructive" data-testid="two-factor-required-banner">
          <ShieldAlert aria-hidden="true" />
          <AlertTitle className="line-clamp-none">{t("required.title")}</AlertTitle>
          <AlertDescription>{t("required.description")}</AlertDescription>
        </Alert>
      ) : null}
      <TwoFactorCard user={user} />
      <ChangePasswordCard />
      {can(user.role, "payee:own") && !blocked ? <PayeeCard /> : null}
      {can(user.role, "postbacks:own") ? <BuyerCodeCard code={user.code} /> : null}
      <SessionsCard />
    </div>
  );
}
