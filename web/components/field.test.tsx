import i18n from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { useForm } from "react-hook-form";
import { initReactI18next } from "react-i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { Field } from "@/components/field";

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: "en",
    resources: { en: { users: { validation: { email_taken: "That e-mail is taken." } } } },
  });
});

function Form({ error }: { error?: string }) {
  const form = useForm<{ email: string }>({
    defaultValues: { email: "ana@example.com" },
    ...(error ? { errors: { email: { type: "server", message: error } } } : {}),
  });
  return (
    <Field control={form.control} name="email" label="E-mail" description="We never share it.">
      {(field, props) => <input {...field} {...props} />}
    </Field>
  );
}

function attributes(html: string, tag: string): Record<string, string> {
  const element = html.match(new RegExp(`<${tag}\\b[^>]*>`))?.[0] ?? "";
  return Object.fromEntries([...element.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
}

describe("Field", () => {
  it("labels the control, binds its value and describes it with the description", () => {
    const html = renderToStaticMarkup(<Form />);
    const input = attributes(html, "input");
    const label = attributes(html, "label");
    expect(input.name).toBe("email");
    expect(input.value).toBe("ana@example.com");
    expect(label.for).toBe(input.id);
    expect(input["aria-invalid"]).toBe("false");
    expect(html).toContain(`id="${input["aria-describedby"]}"`);
    expect(html).toContain("We never share it.");
  });

  it("shows the error in the reader's language in place of the description, and marks the control", () => {
    const html = renderToStaticMarkup(<Form error="users:validation.email_taken" />);
    const input = attributes(html, "input");
    expect(input["aria-invalid"]).toBe("true");
    const message = html.match(/<p data-slot="form-message" id="([^"]*)"[^>]*>([^<]*)<\/p>/);
    expect(message?.[1]).toBe(input["aria-describedby"]);
    expect(message?.[2]).toBe("That e-mail is taken.");
    expect(html).not.toContain("We never share it.");
  });
});
