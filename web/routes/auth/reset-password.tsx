import { useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { FullPageError, FullPageSpinner } from "@/components/layout/full-page-status";
import { validateResetToken } from "@/features/auth/api";
import { AuthCard } from "@/features/auth/components/auth-card";
import { ResetPasswordForm } from "@/features/auth/components/reset-password-form";
import type { LoginLocationState } from "@/features/auth/schemas";
import { QueryProvider } from "@/lib/query-provider";
import { Redirect } from "../redirect";

const invalidLink: LoginLocationState = { notice: "invalidResetLink" };

// Works only with a valid recovery token in ?token= (the mail's link); otherwise it goes to /login.
export function Component() {
  // The first screen that uses TanStack Query outside the signed-in area (decision 0047).
  return (
    <QueryProvider>
      <ResetPasswordScreen />
    </QueryProvider>
  );
}

function ResetPasswordScreen() {
  const { t } = useTranslation("auth");
  const [params] = useSearchParams();
  const token = params.get("token");
  const linkError = params.get("error");
  const validation = useQuery({
    queryKey: ["password-reset-token", token],
    queryFn: () => validateResetToken(token ?? ""),
    enabled: Boolean(token) && !linkError,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

  if (!token || linkError) return <Redirect to="/login" replace state={invalidLink} />;
  if (validation.isPending) return <FullPageSpinner />;
  if (validation.isError) {
    return (
      <FullPageError
        title={t("reset.title")}
        description={t("reset.checkError")}
        onRetry={() => validation.refetch()}
      />
    );
  }
  if (!validation.data) return <Redirect to="/login" replace state={invalidLink} />;
  return (
    <AuthCard
      title={t("reset.title")}
      description={t("reset.description")}
      footer={
        <Link
          to="/login"
          className="inline-flex items-center gap-1.5 rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t("forgot.backToLogin")}
        </Link>
      }
    >
      <ResetPasswordForm token={token} />
    </AuthCard>
  );
}
