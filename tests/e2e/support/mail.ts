import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";

// Reads the mails caught by the SMTP server of start-server.mjs (one JSON file per mail).

export type CaughtMail = { to: string[]; receivedAt: string; subject: string; text: string; html: string };

function decodeQuotedPrintable(input: string): string {
  const bytes: number[] = [];
  const soft = input.replace(/=\r?\n/g, "");
  for (let i = 0; i < soft.length; i++) {
    const char = soft[i] as string;
    const hex = soft.slice(i + 1, i + 3);
    if (char === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? "").toLowerCase()) {
    case "quoted-printable":
      return decodeQuotedPrintable(body);
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    default:
      return body;
  }
}

function splitHeaders(entity: string): { headers: Map<string, string>; body: string } {
  const index = entity.search(/\r?\n\r?\n/);
  const head = index === -1 ? entity : entity.slice(0, index);
  const body = index === -1 ? "" : entity.slice(index).replace(/^\r?\n\r?\n/, "");
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_, _charset, kind: string, text: string) =>
    kind.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : decodeQuotedPrintable(text.replace(/_/g, " ")),
  );
}

/** Collects the text/plain and text/html parts of a MIME entity. */
function collectParts(entity: string, into: { text: string; html: string }) {
  const { headers, body } = splitHeaders(entity);
  const type = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith("multipart/") && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith("--")) break;
      collectParts(part.replace(/^\r?\n/, ""), into);
    }
    return;
  }
  const decoded = decodeBody(body, headers.get("content-transfer-encoding"));
  if (type.toLowerCase().startsWith("text/html")) into.html += decoded;
  else if (type.toLowerCase().startsWith("text/plain")) into.text += decoded;
}

export function parseMail(raw: string): Omit<CaughtMail, "to" | "receivedAt"> {
  const parts = { text: "", html: "" };
  collectParts(raw, parts);
  return { subject: decodeWords(splitHeaders(raw).headers.get("subject") ?? ""), ...parts };
}

export function readMails(mailDir: string): CaughtMail[] {
  let files: string[];
  try {
    files = readdirSync(mailDir).filter((file) => file.endsWith(".json"));
  } catch {
    return [];
  }
  return files.sort().map((file) => {
    const mail = JSON.parse(readFileSync(path.join(mailDir, file), "utf8")) as {
      to: string[];
      receivedAt: string;
      raw: string;
    };
    return { to: mail.to, receivedAt: mail.receivedAt, ...parseMail(mail.raw) };
  });
}

/** Waits for the newest mail to `to` that arrived after `since`. */
export async function waitForMail(mailDir: string, to: string, since: Date): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      () => {
        found = readMails(mailDir)
          .filter((mail) => mail.to.includes(to.toLowerCase()) && new Date(mail.receivedAt) >= since)
          .at(-1);
        return Boolean(found);
      },
      { message: `a mail to ${to}`, timeout: 15_000 },
    )
    .toBe(true);
  return found as CaughtMail;
}

/** The first link in a mail's text that starts with `prefix`. */
export function findLink(mail: CaughtMail, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const match = new RegExp(`${escaped}[^\\s"'<>)]*`).exec(`${mail.text}\n${mail.html}`);
  if (!match) throw new Error(`No link starting with ${prefix} in the mail "${mail.subject}"`);
  return match[0].replace(/&amp;/g, "&");
}
