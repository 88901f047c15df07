import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { permissions } from "../../domain/permissions";

// Every string exists in pt-BR, en and ru (DEVELOPERS.md, convention 7): each locale has the same
// namespaces and keys, no value is empty, interpolations match, and every key the web code uses
// exists. Keys are found in t("…") calls (unprefixed keys belong to the file's useTranslation
// namespaces, else "common") and in any string literal shaped "namespace:key".

const root = path.resolve(import.meta.dirname, "..", "..");
const localesDir = path.join(root, "web", "locales");
const languages = ["pt-BR", "en", "ru"] as const;

type Flat = Map<string, string>;

function flatten(value: unknown, prefix: string, into: Flat, problems: string[]) {
  if (typeof value === "string") {
    into.set(prefix, value);
    return;
  }
  if (value && typeof value === "object" && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value))
      flatten(child, prefix ? `${prefix}.${key}` : key, into, problems);
    return;
  }
  problems.push(`${prefix}: expected a string or an object, got ${JSON.stringify(value)}`);
}

function loadLocale(language: string): { byNamespace: Map<string, Flat>; problems: string[] } {
  const byNamespace = new Map<string, Flat>();
  const problems: string[] = [];
  for (const file of readdirSync(path.join(localesDir, language)).filter((name) => name.endsWith(".json"))) {
    const flat: Flat = new Map();
    flatten(JSON.parse(readFileSync(path.join(localesDir, language, file), "utf8")), "", flat, problems);
    byNamespace.set(file.replace(/\.json$/, ""), flat);
  }
  return { byNamespace, problems };
}

const locales = Object.fromEntries(languages.map((language) => [language, loadLocale(language)])) as Record<
  (typeof languages)[number],
  ReturnType<typeof loadLocale>
>;
const reference = locales["pt-BR"].byNamespace;
const namespaces = [...reference.keys()].sort();

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name !== "locales" && name !== "public") files.push(...sourceFiles(full));
    } else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) {
      files.push(full);
    }
  }
  return files;
}

const interpolations = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]).sort();

// i18next plurals: "key_one", "key_other"… chosen with Intl.PluralRules. A key is a plural form when
// its "_other" sibling exists; each language needs every category its plural rules use.
const pluralSuffix = /^(.*)_(zero|one|two|few|many|other)$/;

function pluralBase(key: string, flat: Flat): string | null {
  const match = pluralSuffix.exec(key);
  return match && flat.has(`${match[1]}_other`) ? (match[1] as string) : null;
}

/** Each language's texts with plural forms folded into one entry per base key (forms joined). */
function foldPlurals(language: (typeof languages)[number], problems: string[]): Map<string, Flat> {
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const folded = new Map<string, Flat>();
  for (const [namespace, flat] of locales[language].byNamespace) {
    const out: Flat = new Map();
    for (const [key, text] of flat) {
      const base = pluralBase(key, flat);
      if (base === null) {
        out.set(key, text);
        continue;
      }
      if (out.has(base)) continue;
      const forms = categories.map((category) => flat.get(`${base}_${category}`));
      categories.forEach((category, index) => {
        if (forms[index] === undefined)
          problems.push(`${language}: ${namespace}:${base}_${category} is missing`);
      });
      // "count" may be left out of a form ("one entry"); the other placeholders must be there.
      const names = new Set(forms.flatMap((form) => (form ? interpolations(form) : [])));
      names.add("count");
      out.set(base, [...names].map((name) => `{{${name}}}`).join(" ") || " ");
      if (forms.some((form) => form !== undefined && form.trim() === "")) out.set(base, "");
    }
    folded.set(namespace, out);
  }
  return folded;
}

describe("locales", () => {
  it("has the three languages with the same namespaces", () => {
    expect(namespaces.length).toBeGreaterThan(0);
    for (const language of languages) {
      expect([...locales[language].byNamespace.keys()].sort(), language).toEqual(namespaces);
      expect(locales[language].problems, language).toEqual([]);
    }
  });

  it("has every key in every language, none empty, with the same interpolations", () => {
    const problems: string[] = [];
    const allKeys = new Map<string, Set<string>>();
    const folded = Object.fromEntries(
      languages.map((language) => [language, foldPlurals(language, problems)]),
    );
    for (const language of languages) {
      for (const [namespace, flat] of folded[language] as Map<string, Flat>) {
        const keys = allKeys.get(namespace) ?? new Set<string>();
        for (const key of flat.keys()) keys.add(key);
        allKeys.set(namespace, keys);
      }
    }
    for (const [namespace, keys] of allKeys) {
      for (const key of keys) {
        const texts = languages.map((language) => folded[language]?.get(namespace)?.get(key));
        languages.forEach((language, index) => {
          const text = texts[index];
          if (text === undefined) problems.push(`${language}: ${namespace}:${key} is missing`);
          else if (text.trim() === "") problems.push(`${language}: ${namespace}:${key} is empty`);
        });
        const expected = texts[0] === undefined ? undefined : interpolations(texts[0]);
        languages.forEach((language, index) => {
          const text = texts[index];
          if (expected && text !== undefined && interpolations(text).join() !== expected.join()) {
            problems.push(
              `${language}: ${namespace}:${key} has {{${interpolations(text)}}}, pt-BR has {{${expected}}}`,
            );
          }
        });
      }
    }
    expect(problems).toEqual([]);
  });

  it("has every key that the web code uses", () => {
    const problems: string[] = [];
    const namespacePattern = namespaces.map((ns) => ns.replace(/[-]/g, "\\-")).join("|");
    const prefixedLiteral = new RegExp(`["'\`]((?:${namespacePattern}):[A-Za-z0-9_.-]+)["'\`]`, "g");
    let checked = 0;

    const exists = (namespace: string, key: string) =>
      (reference.get(namespace)?.has(key) || reference.get(namespace)?.has(`${key}_other`)) ?? false;

    for (const file of sourceFiles(path.join(root, "web"))) {
      const source = readFileSync(file, "utf8");
      const relative = path.relative(root, file);
      const fileNamespaces = new Set<string>();
      for (const match of source.matchAll(/useTranslation\(\s*(?:\[\s*)?["']([\w-]+)["']/g)) {
        fileNamespaces.add(match[1] as string);
      }
      if (fileNamespaces.size === 0) fileNamespaces.add("common");

      for (const match of source.matchAll(/\bt\(\s*(["'`])([^"'`$]+)\1/g)) {
        const key = match[2] as string;
        checked++;
        const prefixed = /^([\w-]+):(.+)$/.exec(key);
        if (prefixed) {
          if (!exists(prefixed[1] as string, prefixed[2] as string))
            problems.push(`${relative}: t("${key}")`);
        } else if (![...fileNamespaces].some((namespace) => exists(namespace, key))) {
          problems.push(`${relative}: t("${key}") in ${[...fileNamespaces].join("/")}`);
        }
      }
      for (const match of source.matchAll(prefixedLiteral)) {
        // A permission ("notes:manage") is shaped like a key but is not one.
        if (Object.hasOwn(permissions, match[1] as string)) continue;
        const [namespace, ...rest] = (match[1] as string).split(":");
        checked++;
        if (!exists(namespace as string, rest.join(":"))) problems.push(`${relative}: "${match[1]}"`);
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(problems).toEqual([]);
  });

  // Only auth, common and errors are loaded before sign-in (web/locales/load.ts); a key of another
  // namespace on these screens would show untranslated.
  it("uses only the signed-out namespaces on the screens shown before sign-in", () => {
    const signedOut = new Set(["auth", "common", "errors"]);
    const files = [
      ...["auth-layout.tsx", "root.tsx", "guards.tsx", "route-error.tsx"].map((name) =>
        path.join(root, "web", "routes", name),
      ),
      ...sourceFiles(path.join(root, "web", "routes", "auth")),
      // The user menu is the signed-in layout's (web/routes/app-layout.tsx), with its texts loaded.
      ...sourceFiles(path.join(root, "web", "features", "auth")).filter(
        (file) => !file.endsWith("user-menu.tsx"),
      ),
      ...["full-page-status", "route-effects", "language-switcher", "theme-toggle", "theme-menu", "logo"].map(
        (name) => path.join(root, "web", "components", "layout", `${name}.tsx`),
      ),
      ...sourceFiles(path.join(root, "web", "components", "ui")),
      path.join(root, "web", "lib", "api.ts"),
    ];
    const namespacePattern = namespaces.map((ns) => ns.replace(/[-]/g, "\\-")).join("|");
    const problems: string[] = [];
    for (const file of files) {
      const source = readFileSync(file, "utf8");
      const used = [
        ...[...source.matchAll(/useTranslation\(\s*(?:\[\s*)?["']([\w-]+)["']/g)].map((match) => match[1]),
        ...[...source.matchAll(new RegExp(`["'\`](${namespacePattern}):[A-Za-z0-9_.-]+["'\`]`, "g"))].map(
          (match) => match[1],
        ),
      ];
      for (const namespace of used)
        if (!signedOut.has(namespace as string)) problems.push(`${path.relative(root, file)}: ${namespace}`);
    }
    expect(problems).toEqual([]);
  });
});
