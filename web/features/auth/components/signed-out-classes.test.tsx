import { expectConsoleError } from "@tests/console";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { twMerge } from "tailwind-merge";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { FieldLayout } from "@/components/field-layout";
import { FormBanner } from "@/components/form-banner";
import { FullPageError, FullPageSpinner } from "@/components/layout/full-page-status";
import { LanguageButtons } from "@/components/layout/language-switcher";
import { Logo } from "@/components/layout/logo";
import { ThemeToggle } from "@/components/layout/theme-toggle";
import { Input } from "@/components/ui/input";
import { ThemeProvider } from "@/lib/theme";
import { Component as AuthLayout } from "@/routes/auth-layout";
import { AuthCard } from "./auth-card";
import { ForgotPasswordForm } from "./forgot-password-form";
import { LoginForm } from "./login-form";
import { RegisterForm } from "./register-form";

// Before sign-in `cn` joins classes without tailwind-merge (decision 0047, lib/utils.ts), so a
// class that overrides another would leave both in the page and the stylesheet's order would pick
// one. The signed-out screens' parts must render no such pair.

function renderClassLists(element: ReactElement): string[] {
  const html = renderToStaticMarkup(
    <ThemeProvider>
      <MemoryRouter>{element}</MemoryRouter>
    </ThemeProvider>,
  );
  return [...html.matchAll(/class="([^"]*)"/g)].map((match) => (match[1] ?? "").replaceAll("&amp;", "&"));
}

const parts: Record<string, ReactElement> = {
  "auth layout": <AuthLayout />,
  "auth card": (
    <AuthCard title="t" description="d" footer={<p>f</p>}>
      <p>c</p>
    </AuthCard>
  ),
  "success banner": <FormBanner kind="success">ok</FormBanner>,
  "error banner": <FormBanner kind="error">no</FormBanner>,
  "language buttons": <LanguageButtons />,
  "theme button": <ThemeToggle />,
  logo: <Logo />,
  "loading page": <FullPageSpinner />,
  "error page": <FullPageError title="t" description="d" onRetry={() => undefined} />,
  "field with an error": (
    <FieldLayout label="E-mail" error="auth:validation.emailInvalid">
      {(control) => <Input {...control} />}
    </FieldLayout>
  ),
  "sign-in form": <LoginForm next={null} onSecondStep={() => undefined} notice="registered" />,
  "sign-up form": <RegisterForm next={null} />,
  "recovery form": <ForgotPasswordForm />,
};

/** Class lists in which one class overrides another (tailwind-merge would drop the earlier). */
function findConflicts(lists: string[]): string[] {
  return lists.filter((classes) => {
    const joined = new Set(classes.split(/\s+/).filter(Boolean));
    return new Set(twMerge(classes).split(" ")).size !== joined.size;
  });
}

describe("signed-out screens without tailwind-merge", () => {
  beforeAll(() => {
    // Just enough of a browser for the theme provider to render on the server.
    const media = { matches: false, addEventListener() {}, removeEventListener() {} };
    vi.stubGlobal("window", { matchMedia: () => media, addEventListener() {}, removeEventListener() {} });
    vi.stubGlobal("localStorage", { getItem: () => null, setItem() {}, removeItem() {} });
  });

  it.each(Object.entries(parts))("%s: no class overrides another", (_, element) => {
    const lists = renderClassLists(element);
    expect(lists.length).toBeGreaterThan(0);
    expect(findConflicts(lists)).toEqual([]);
  });

  it("would notice an override (and `cn` reports it in development)", () => {
    expectConsoleError();
    expect(findConflicts(renderClassLists(<Input className="h-10" />))).toHaveLength(1);
  });
});
