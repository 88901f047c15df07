import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { languages } from "../../domain/roles";
import { parseEnv } from "../../server/env";
import { createLogger } from "../../server/logger";
import { createMailer } from "../../server/mail/mailer";
import {
  pickMailLanguage,
  renderInvitationMail,
  renderPasswordResetMail,
  renderSignUpAttemptMail,
  renderWelcomeMail,
} from "../../server/mail/templates";

const temp: string[] = [];
afterEach(() => {
  for (const dir of temp.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("mail templates", () => {
  it.each(languages)(
    "renders the reset and invitation mails in %s with the link in both bodies",
    (language) => {
      const url = "https://placar.example/reset-password?token=abc";
      for (const mail of [
        renderPasswordResetMail({ language, name: "Ana", url, expiresInMinutes: 60 }),
        renderInvitationMail({ language, name: "Ana", url, expiresInDays: 7 }),
        renderSignUpAttemptMail({ language, name: "Ana", url, expiresInMinutes: 60 }),
        renderWelcomeMail({ language, name: "Ana", url }),
      ]) {
        expect(mail.subject.length).toBeGreaterThan(5);
        expect(mail.text).toContain(url);
        expect(mail.text).toContain("Ana");
        expect(mail.html).toContain(`href="${url}"`);
        expect(mail.html).toContain(`lang="${language}"`);
      }
    },
  );

  it("has a different text per language", () => {
    const subjects = languages.map(
      (language) => renderPasswordResetMail({ language, name: "A", url: "u", expiresInMinutes: 60 }).subject,
    );
    expect(new Set(subjects).size).toBe(languages.length);
    for (const render of [
      (language: (typeof languages)[number]) =>
        renderSignUpAttemptMail({ language, name: "A", url: "u", expiresInMinutes: 60 }).text,
      (language: (typeof languages)[number]) => renderWelcomeMail({ language, name: "A", url: "u" }).text,
    ]) {
      expect(new Set(languages.map(render)).size).toBe(languages.length);
    }
  });

  it("escapes what it interpolates into HTML", () => {
    const mail = renderInvitationMail({
      language: "en",
      name: '<script>alert("x")</script>',
      url: 'https://placar.example/reset-password?token=a"b',
      expiresInDays: 7,
    });
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;");
    expect(mail.html).toContain("token=a&quot;b");
  });

  it("picks the profile language, else the request's, else pt-BR", () => {
    expect(pickMailLanguage("ru", "en")).toBe("ru");
    expect(pickMailLanguage(null, "en")).toBe("en");
    expect(pickMailLanguage(undefined, "fr")).toBe("pt-BR");
    expect(pickMailLanguage("xx", null)).toBe("pt-BR");
  });
});

describe("mailer without SMTP", () => {
  it("writes each mail as an .eml file in DATA_DIR/outbox and logs it without the body", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "placar-mail-"));
    temp.push(dataDir);
    const env = parseEnv({ DATA_DIR: dataDir, APP_URL: "https://placar.example" }, { persistSecret: false });
    const lines: string[] = [];
    const mailer = createMailer(
      env,
      createLogger("info", {}, (line) => lines.push(line)),
    );
    expect(mailer.transport).toBe("outbox");

    await mailer.send({
      to: "ana@example.com",
      subject: "Redefinição de senha",
      text: "link: https://placar.example/reset-password?token=secret-token",
      html: "<p>link</p>",
    });

    const files = readdirSync(path.join(dataDir, "outbox"));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T.*-[0-9a-f]{8}\.eml$/);
    const eml = readFileSync(path.join(dataDir, "outbox", files[0] ?? ""), "utf8");
    expect(eml).toMatch(/^To: ana@example\.com$/m);
    expect(eml).toMatch(/^From: Placar <no-reply@placar\.example>$/m);
    expect(eml).toMatch(/^Subject: =\?UTF-8\?/m);
    expect(eml).toContain("multipart/alternative");

    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0] ?? "{}") as Record<string, unknown>;
    expect(entry).toMatchObject({ to: "ana@example.com", subject: "Redefinição de senha" });
    expect(lines[0]).not.toContain("secret-token");
  });
});
