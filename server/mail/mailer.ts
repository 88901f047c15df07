import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Env } from "../env";
import type { Logger } from "../logger";

export type MailMessage = { to: string; subject: string; text: string; html: string };

export type Mailer = {
  /** "smtp" delivers; "outbox" only writes DATA_DIR/outbox/*.eml (development fallback). */
  transport: "smtp" | "outbox" | "memory";
  send: (message: MailMessage) => Promise<void>;
};

/**
 * SMTP when SMTP_URL is set. Otherwise every mail is written as an RFC 822 file to
 * DATA_DIR/outbox/<timestamp>-<id>.eml and logged (recipient, subject and file, never the body,
 * which may hold a reset link).
 */
export function createMailer(env: Env, logger: Logger): Mailer {
  if (env.smtpUrl) {
    const transport = nodemailer.createTransport(env.smtpUrl);
    return {
      transport: "smtp",
      async send(message) {
        await transport.sendMail({ from: env.mailFrom, ...message });
        logger.info("mail sent", { to: message.to, subject: message.subject });
      },
    };
  }

  const outbox = path.join(env.dataDir, "outbox");
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    transport: "outbox",
    async send(message) {
      const info = await composer.sendMail({ from: env.mailFrom, ...message });
      await mkdir(outbox, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(outbox, `${stamp}-${randomBytes(4).toString("hex")}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      logger.info("mail written to outbox (SMTP_URL is not set)", {
        to: message.to,
        subject: message.subject,
        file,
      });
    },
  };
}
