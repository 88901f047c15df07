import type { Language } from "@domain/roles";
import type { AltchaWidgetElement } from "altcha/types/generic";
import type {} from "altcha/types/react";
import { type Ref, useEffect, useImperativeHandle, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useAppConfig } from "@/lib/config";
import { currentLanguage } from "@/lib/i18n";
import { useTheme } from "@/lib/theme";

// Human verification (decisions.md): ALTCHA proof of work by default, Cloudflare Turnstile when the
// server is configured for it, nothing when the server turned it off. The solution is handed to
// the form, which sends it in the x-captcha-response header. A solution is good for one attempt:
// forms call reset() after a failed submit.

export type HumanCheckHandle = { reset: () => void };

type Props = {
  onSolved: (solution: string | null) => void;
  ref?: Ref<HumanCheckHandle>;
  /** Shown under the widget (a translated message). */
  error?: string | undefined;
};

/** Whether the server asks for human verification; undefined while the configuration loads. */
export function useHumanCheckRequired(): boolean | undefined {
  const config = useAppConfig();
  return config.data ? config.data.captcha.provider !== "none" : undefined;
}

export function HumanCheck({ onSolved, ref, error }: Props) {
  const { t } = useTranslation("auth");
  const config = useAppConfig();

  if (config.isPending) return <Skeleton className="h-[74px] w-full" />;
  if (config.isError) {
    return (
      <Alert variant="destructive">
        <AlertDescription>
          {t("captcha.loadError")}
          <Button variant="outline" size="sm" onClick={() => config.refetch()}>
            {t("common:retry")}
          </Button>
        </AlertDescription>
      </Alert>
    );
  }
  const { provider, challengeUrl, siteKey } = config.data.captcha;
  if (provider === "none") return null;
  return (
    <fieldset className="grid gap-2">
      <legend className="sr-only">{t("captcha.label")}</legend>
      {provider === "turnstile" && siteKey ? (
        <TurnstileWidget siteKey={siteKey} onSolved={onSolved} ref={ref} />
      ) : (
        <AltchaWidget challengeUrl={challengeUrl} onSolved={onSolved} ref={ref} />
      )}
      {error ? (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

const altchaLanguages: Record<Language, string> = { "pt-BR": "pt-br", en: "en", ru: "ru" };

let altchaReady: Promise<unknown> | null = null;

function AltchaWidget({
  challengeUrl,
  onSolved,
  ref,
}: {
  challengeUrl: string;
  onSolved: Props["onSolved"];
  ref?: Ref<HumanCheckHandle> | undefined;
}) {
  const { t, i18n } = useTranslation("auth");
  const [status, setStatus] = useState<"loading" | "ready" | "failed">("loading");
  const element = useRef<AltchaWidgetElement>(null);
  const onSolvedRef = useRef(onSolved);
  onSolvedRef.current = onSolved;

  useEffect(() => {
    let active = true;
    altchaReady ??= import("./altcha-setup");
    altchaReady.then(
      () => active && setStatus("ready"),
      () => {
        altchaReady = null;
        if (active) setStatus("failed");
      },
    );
    return () => {
      active = false;
    };
  }, []);

  useEffect(() => {
    const widget = element.current;
    if (status !== "ready" || !widget) return;
    const onStateChange = (event: Event) => {
      const detail = (event as CustomEvent<{ state?: string; payload?: string }>).detail;
      onSolvedRef.current(detail?.state === "verified" && detail.payload ? detail.payload : null);
    };
    widget.addEventListener("statechange", onStateChange);
    return () => widget.removeEventListener("statechange", onStateChange);
  }, [status]);

  useImperativeHandle(
    ref,
    () => ({
      reset: () => {
        element.current?.reset?.();
        onSolvedRef.current(null);
      },
    }),
    [],
  );

  if (status === "failed") {
    return (
      <Alert variant="destructive">
        <AlertDescription>{t("captcha.loadError")}</AlertDescription>
      </Alert>
    );
  }
  if (status === "loading") return <Skeleton className="h-[74px] w-full" />;
  return (
    <altcha-widget
      ref={element}
      challenge={challengeUrl}
      language={altchaLanguages[(i18n.resolvedLanguage as Language | undefined) ?? currentLanguage()]}
      // Solving starts as soon as the user focuses the form, so it is usually done before they
      // reach the button; the checkbox still works by hand.
      auto="onfocus"
      type="checkbox"
      name="altcha"
    />
  );
}

type TurnstileApi = {
  render: (
    container: HTMLElement,
    options: {
      sitekey: string;
      theme?: "light" | "dark" | "auto";
      language?: string;
      callback?: (token: string) => void;
      "expired-callback"?: () => void;
      "error-callback"?: () => void;
    },
  ) => string;
  reset: (widgetId: string) => void;
  remove: (widgetId: string) => void;
};

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

let turnstileScript: Promise<TurnstileApi> | null = null;

function loadTurnstile(): Promise<TurnstileApi> {
  turnstileScript ??= new Promise<TurnstileApi>((resolve, reject) => {
    if (window.turnstile) return resolve(window.turnstile);
    const script = document.createElement("script");
    script.src = "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit";
    script.async = true;
    script.onload = () =>
      window.turnstile ? resolve(window.turnstile) : reject(new Error("Turnstile missing"));
    script.onerror = () => {
      turnstileScript = null;
      reject(new Error("Turnstile failed to load"));
    };
    document.head.append(script);
  });
  return turnstileScript;
}

function TurnstileWidget({
  siteKey,
  onSolved,
  ref,
}: {
  siteKey: string;
  onSolved: Props["onSolved"];
  ref?: Ref<HumanCheckHandle> | undefined;
}) {
  const { t, i18n } = useTranslation("auth");
  const { resolved } = useTheme();
  const container = useRef<HTMLDivElement>(null);
  const widgetId = useRef<string | null>(null);
  const api = useRef<TurnstileApi | null>(null);
  const [failed, setFailed] = useState(false);
  const onSolvedRef = useRef(onSolved);
  onSolvedRef.current = onSolved;
  const language = i18n.resolvedLanguage ?? "pt-BR";

  useEffect(() => {
    let active = true;
    loadTurnstile().then(
      (turnstile) => {
        if (!active || !container.current) return;
        api.current = turnstile;
        widgetId.current = turnstile.render(container.current, {
          sitekey: siteKey,
          theme: resolved,
          language: language.toLowerCase(),
          callback: (token) => onSolvedRef.current(token),
          "expired-callback": () => onSolvedRef.current(null),
          "error-callback": () => onSolvedRef.current(null),
        });
      },
      () => active && setFailed(true),
    );
    return () => {
      active = false;
      if (widgetId.current) api.current?.remove(widgetId.current);
      widgetId.current = null;
    };
  }, [siteKey, resolved, language]);

  useImperativeHandle(
    ref,
    () => ({
      reset: () => {
        if (widgetId.current) api.current?.reset(widgetId.current);
        onSolvedRef.current(null);
      },
    }),
    [],
  );

  if (failed) {
    return (
      <Alert variant="destructive">
        <AlertDescription>{t("captcha.loadError")}</AlertDescription>
      </Alert>
    );
  }
  return <div ref={container} className="min-h-[65px]" />;
}
