import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { AuthCard } from "@/features/auth/components/auth-card";
import { LoginForm } from "@/features/auth/components/login-form";
import { readNextPath } from "@/features/auth/next-path";
import type { LoginLocationState } from "@/features/auth/schemas";

export function Component() {
  const { t } = useTranslation("auth");
  const location = useLocation();
  const state = location.state as LoginLocationState;
  const next = readNextPath(location.search);
  return (
    <AuthCard
      title={t("login.title")}
      description={t("login.description")}
      footer={
        <p className="text-muted-foreground">
          {t("login.noAccount")}{" "}
          <Link
            to={next ? `/register?next=${encodeURIComponent(next)}` : "/register"}
            className="rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            {t("login.signUp")}
          </Link>
        </p>
      }
    >
      <LoginForm next={next} notice={state?.notice} defaultEmail={state?.email} />
    </AuthCard>
  );
}
