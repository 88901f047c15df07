import { createHmac } from "node:crypto";

// RFC 6238 TOTP (SHA-1, 30-second steps, 6 digits), computed independently of Better Auth so the
// tests check the server against the standard an authenticator app implements.

const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32, as in otpauth:// URIs (no padding, any case, spaces ignored). */
export function decodeBase32(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, "").toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The 6-digit code for a base32 secret at a moment (default now), `step` periods away. */
export function totp(secretBase32: string, { at = Date.now(), step = 0 } = {}): string {
  const counter = Math.floor(at / 1000 / 30) + step;
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac("sha1", decodeBase32(secretBase32)).update(message).digest();
  const offset = (digest.at(-1) ?? 0) & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, "0");
}

/** A code that is wrong now (not valid in the ±1 step window the server accepts). */
export function wrongTotp(secretBase32: string): string {
  const valid = new Set([-1, 0, 1].map((step) => totp(secretBase32, { step })));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, "0");
    if (!valid.has(candidate)) return candidate;
  }
}

/** The secret of an otpauth://totp/… URI. */
export function secretFromUri(uri: string): string {
  const secret = new URL(uri).searchParams.get("secret");
  if (!secret) throw new Error(`no secret in ${uri}`);
  return secret;
}
