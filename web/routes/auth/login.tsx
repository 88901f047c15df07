import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { Spinner } from "@/components/ui/spinner";
import { AuthCard } from "@/features/auth/components/auth-card";
import { LoginForm } from "@/features/auth/components/login-form";
import { readNextPath } from "@/features/auth/next-path";
import type { LoginLocationState, LoginNotice } from "@/features/auth/schemas";

// The second step's code loads only when an account with two-factor needs it.
const TwoFactorStep = lazy(() =>
  import("@/features/auth/components/two-factor-step").then((module) => ({ default: module.TwoFactorStep })),
);

export function Component() {
  const { t } = useTranslation("auth");
  const location = useLocation();
  const state = location.state as LoginLocationState;
  const next = readNextPath(location.search);
  // The e-mail typed stays when the user comes back from the second step.
  const [email, setEmail] = useState<string | undefined>(state?.email);
  const [step, setStep] = useState<"password" | "second">("password");
  const [notice, setNotice] = useState<LoginNotice | undefined>(state?.notice);

  if (step === "second") {
    return (
      <AuthCard title={t("twoFactor.title")} description={t("twoFactor.description")}>
        <Suspense
          fallback={
            <div className="flex justify-center py-6">
              <Spinner />
            </div>
          }
        >
          <TwoFactorStep
            next={next}
            onRestart={(reason) => {
              setNotice(reason === "expired" ? "secondStepExpired" : undefined);
              setStep("password");
            }}
          />
        </Suspense>
      </AuthCard>
    );
  }

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
      <LoginForm
        next={next}
        notice={notice}
        defaultEmail={email}
        onSecondStep={(typed) => {
          setEmail(typed);
          setStep("second");
        }}
      />
    </AuthCard>
  );
}
