import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { AuthCard } from "@/features/auth/components/auth-card";
import { RegisterForm } from "@/features/auth/components/register-form";
import { readNextPath } from "@/features/auth/next-path";

export function Component() {
  const { t } = useTranslation("auth");
  const location = useLocation();
  const next = readNextPath(location.search);
  return (
    <AuthCard
      title={t("register.title")}
      description={t("register.description")}
      footer={
        <p className="text-muted-foreground">
          {t("register.haveAccount")}{" "}
          <Link
            to={next ? `/login?next=${encodeURIComponent(next)}` : "/login"}
            className="rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            {t("register.signIn")}
          </Link>
        </p>
      }
    >
      <RegisterForm next={next} />
    </AuthCard>
  );
}
