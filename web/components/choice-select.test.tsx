import i18n from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { initReactI18next } from "react-i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { type Choice, ChoiceSelect, choicesOf } from "@/components/choice-select";

beforeAll(async () => {
  await i18n
    .use(initReactI18next)
    .init({ lng: "en", resources: { en: { common: { loading: "Loading…" } } } });
});

const users: Choice[] = [
  { value: "u1", label: "Ana" },
  { value: "u2", label: "Bruno" },
];

function render(value: string, choices: readonly Choice[] | undefined, fixed?: Choice[]) {
  return renderToStaticMarkup(
    <ChoiceSelect
      value={value}
      onChange={() => {}}
      choices={choices}
      fixed={fixed}
      allLabel="All users"
      unknownLabel="Unknown user"
    />,
  );
}

const options = (html: string) => [...html.matchAll(/<option[^>]*>([^<]*)<\/option>/g)].map((m) => m[1]);

describe("ChoiceSelect", () => {
  it("says it is loading, and waits, until the choices arrive", () => {
    const html = render("", undefined);
    expect(options(html)).toEqual(["Loading…"]);
    expect(html).toContain("disabled");
  });

  it("offers all, then the choices", () => {
    expect(options(render("", users))).toEqual(["All users", "Ana", "Bruno"]);
  });

  it("keeps a chosen value the list does not know, instead of silently widening the filter", () => {
    expect(options(render("gone", users))).toEqual(["All users", "Unknown user", "Ana", "Bruno"]);
    expect(options(render("u2", users))).toEqual(["All users", "Ana", "Bruno"]);
  });

  it("knows its fixed choices", () => {
    const none = [{ value: "none", label: "No team lead" }];
    expect(options(render("none", users, none))).toEqual(["All users", "No team lead", "Ana", "Bruno"]);
  });

  it("reads a list query's choices: none yet while it loads, an empty list when it failed", () => {
    const toChoice = (u: { id: string; name: string }) => ({ value: u.id, label: u.name });
    expect(choicesOf({ isPending: true, data: undefined }, toChoice)).toBeUndefined();
    expect(choicesOf({ isPending: false, data: undefined }, toChoice)).toEqual([]);
    expect(choicesOf({ isPending: false, data: [{ id: "u1", name: "Ana" }] }, toChoice)).toEqual([
      { value: "u1", label: "Ana" },
    ]);
  });
});
