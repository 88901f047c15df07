import { languages, roles } from "@domain/roles";
import { describe, expect, it } from "vitest";
import { z } from "zod/mini";
import { readConfig } from "@/lib/config";
import { readMe } from "./api";
import { loginSchema } from "./schemas";
import { checkLogin } from "./sign-in-checks";

// The sign-in path's hand-written checks (decision 0047) against zod: the same inputs accepted,
// the same results, the same rejections and messages. `loginSchema` is the live schema (its e-mail
// rule is sign-up's and recovery's); the session and config schemas are the ones the web used
// until then, kept here as the reference the readers must match.

const meSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(roles),
  language: z.catch(z.nullable(z.enum(languages)), null),
  managerId: z._default(z.optional(z.nullable(z.string())), null),
  twoFactorEnabled: z.catch(z.boolean(), false),
  twoFactorRequired: z.catch(z.boolean(), false),
  code: z.catch(z.string(), ""),
});

const configSchema = z.object({
  captcha: z.object({
    provider: z.enum(["altcha", "turnstile", "none"]),
    siteKey: z.optional(z.string()),
    challengeUrl: z._default(z.string(), "/api/captcha/challenge"),
  }),
  defaultLanguage: z.catch(z.enum(["pt-BR", "en", "ru"]), "pt-BR"),
  workspaceTimezone: z.catch(z.string(), "America/Sao_Paulo"),
  reportingCurrency: z.catch(z.string().check(z.length(3)), "USD"),
});

/** What zod answers, in the readers' terms: the parsed value, or "rejected". */
function parseWithZod(schema: z.ZodMiniType, input: unknown): unknown {
  const result = schema.safeParse(input);
  return result.success ? result.data : "rejected";
}

function readOrReject(read: (value: unknown) => unknown, input: unknown): unknown {
  try {
    return read(input);
  } catch {
    return "rejected";
  }
}

const emails = [
  "",
  " ",
  "   \t ",
  "ana@example.com",
  "  ana@example.com  ",
  "Ana.Maria+tag@sub.example.com.br",
  "ana@example",
  "ana@example.c",
  "ana@@example.com",
  "ana.@example.com",
  ".ana@example.com",
  "ana..maria@example.com",
  "ana@-example.com",
  "ana@example-.com",
  "ana@exa_mple.com",
  "o'brien@example.ie",
  "ana maria@example.com",
  "ana@example.com.",
  "@example.com",
  "ana@",
  "not-an-email",
  "ana@exämple.com",
  "jose@éxample.com",
  "a@b.co",
  "a-@b.co",
  "a_@b.co",
  "a'@b.co",
  "ana@123.45.67.89",
  "ana@[127.0.0.1]",
  '"ana"@example.com',
  "ana\n@example.com",
  "ANA@EXAMPLE.COM",
  `${"x".repeat(300)}@example.com`,
];
const passwords = ["", " ", "a", "  senha com espaços  ", "Placar-e2e-2024!", "\n"];

describe("sign-in form checks", () => {
  it("accept, trim and reject like loginSchema, with the same messages", () => {
    let compared = 0;
    for (const email of emails) {
      for (const password of passwords) {
        const values = { email, password };
        const zod = loginSchema.safeParse(values);
        const ours = checkLogin(values);
        if (zod.success) {
          expect(ours, JSON.stringify(values)).toEqual({ values: zod.data });
        } else {
          // The form shows each field's first message (react-hook-form's zodResolver did the same).
          const expected: Record<string, string> = {};
          for (const issue of zod.error.issues) {
            const field = String(issue.path[0]);
            expected[field] ??= issue.message;
          }
          expect(ours, JSON.stringify(values)).toEqual({ errors: expected });
        }
        compared += 1;
      }
    }
    expect(compared).toBe(emails.length * passwords.length);
  });
});

const me = {
  id: "u1",
  email: "ana@example.com",
  name: "Ana",
  role: "admin",
  language: "en",
  managerId: "m1",
  twoFactorEnabled: true,
  twoFactorRequired: false,
  code: "A1B2C3D4",
};

const meInputs: unknown[] = [
  me,
  { ...me, extra: "dropped" },
  ...roles.map((role) => ({ ...me, role })),
  ...[...languages, null, undefined, "de", 3, ""].map((language) => ({ ...me, language })),
  ...[null, undefined, "", "m2", 5, false, {}].map((managerId) => ({ ...me, managerId })),
  ...[true, false, null, undefined, "true", 1].map((twoFactorEnabled) => ({ ...me, twoFactorEnabled })),
  ...[true, false, null, undefined, "false", 0].map((twoFactorRequired) => ({ ...me, twoFactorRequired })),
  ...["B2C3D4E5", "", null, undefined, 7].map((code) => ({ ...me, code })),
  ...["id", "email", "name", "role"].flatMap((key) => [
    { ...me, [key]: undefined },
    { ...me, [key]: null },
    { ...me, [key]: 1 },
  ]),
  { ...me, role: "owner" },
  { ...me, role: "Admin" },
  (({ language: _, managerId: __, twoFactorEnabled: ___, twoFactorRequired: ____, ...rest }) => rest)(me),
  null,
  undefined,
  "me",
  42,
  [],
  [me],
  {},
];

const config = {
  captcha: { provider: "altcha", challengeUrl: "/api/captcha/challenge" },
  defaultLanguage: "en",
  workspaceTimezone: "Europe/Lisbon",
  reportingCurrency: "BRL",
};

const configInputs: unknown[] = [
  config,
  { ...config, extra: 1 },
  ...["altcha", "turnstile", "none", "recaptcha", "", null, undefined, 1].map((provider) => ({
    ...config,
    captcha: { ...config.captcha, provider },
  })),
  ...["key", "", undefined, null, 7].map((siteKey) => ({
    ...config,
    captcha: { provider: "turnstile", challengeUrl: "/c", siteKey },
  })),
  ...["/other", "", undefined, null, 3].map((challengeUrl) => ({
    ...config,
    captcha: { provider: "altcha", challengeUrl },
  })),
  { ...config, captcha: { provider: "none" } },
  { ...config, captcha: { provider: "altcha", challengeUrl: "/c", extra: true } },
  { ...config, captcha: null },
  { ...config, captcha: "altcha" },
  { ...config, captcha: [] },
  { ...config, captcha: undefined },
  ...["pt-BR", "en", "ru", "de", null, undefined, 1].map((defaultLanguage) => ({
    ...config,
    defaultLanguage,
  })),
  ...["America/Sao_Paulo", "", null, undefined, 5].map((workspaceTimezone) => ({
    ...config,
    workspaceTimezone,
  })),
  ...["USD", "EUR", "US", "USDT", "", null, undefined, 840].map((reportingCurrency) => ({
    ...config,
    reportingCurrency,
  })),
  { captcha: { provider: "none" } },
  null,
  undefined,
  [],
  "config",
  {},
];

describe("session and configuration readers", () => {
  it.each(meInputs.map((input) => [JSON.stringify(input) ?? String(input), input]))(
    "GET /api/me %s: the same as the zod schema",
    (_, input) => {
      expect(readOrReject(readMe, input)).toEqual(parseWithZod(meSchema, input));
    },
  );

  it.each(configInputs.map((input) => [JSON.stringify(input) ?? String(input), input]))(
    "GET /api/config %s: the same as the zod schema",
    (_, input) => {
      expect(readOrReject(readConfig, input)).toEqual(parseWithZod(configSchema, input));
    },
  );

  it("keep no key the zod schema would drop", () => {
    expect(Object.keys(readMe({ ...me, extra: 1 })).sort()).toEqual(Object.keys(meSchema.parse(me)).sort());
    expect(Object.keys(readConfig({ ...config, extra: 1 })).sort()).toEqual(
      Object.keys(configSchema.parse(config)).sort(),
    );
  });
});
