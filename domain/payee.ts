import { isValidCnpj } from "@brazilian-utils/brazilian-utils/is-valid-cnpj";
import { isValidCpf } from "@brazilian-utils/brazilian-utils/is-valid-cpf";
import { isValidEmail } from "@brazilian-utils/brazilian-utils/is-valid-email";
import { isValidMobilePhone } from "@brazilian-utils/brazilian-utils/is-valid-mobile-phone";
import { parsePhone } from "@brazilian-utils/brazilian-utils/parse-phone";
import { hasControlCharacters } from "./text";

// Where a buyer is paid (issue 24): the rules that read and normalise a Pix key, a Brazilian bank
// account and a USDT (TRC-20) address. Pure and shared: the form checks with them as the server
// does. CPF and CNPJ check digits come from @brazilian-utils/brazilian-utils (docs/decisions/0064).

export const payeeMethods = ["pix", "bank", "usdt"] as const;
export type PayeeMethod = (typeof payeeMethods)[number];
export const pixKeyTypes = ["cpf", "cnpj", "email", "phone", "random"] as const;
export type PixKeyType = (typeof pixKeyTypes)[number];
export const bankAccountTypes = ["checking", "savings"] as const;
export type BankAccountType = (typeof bankAccountTypes)[number];

/** Payee details saved this many days before now are flagged: check them before paying. */
export const recentPayeeChangeDays = 7;

/** A normalised value, or the validation code the web translates. */
export type Checked = { ok: true; value: string } | { ok: false; code: string };

const ok = (value: string): Checked => ({ ok: true, value });
const fail = (code: string): Checked => ({ ok: false, code });

/** CPF: 11 digits with valid check digits; the usual mask is accepted and dropped. */
export function checkCpf(raw: string): Checked {
  const text = raw.trim();
  if (!text) return fail("required");
  return isValidCpf(text) ? ok(text.replace(/\D/g, "")) : fail("invalid_cpf");
}

/**
 * CNPJ: 14 characters with valid check digits, numeric or the Receita's alphanumeric format (issued
 * from July 2026); the mask is dropped and letters are upper-cased.
 */
export function checkCnpj(raw: string): Checked {
  const text = raw.trim();
  if (!text) return fail("required");
  return isValidCnpj(text, { version: 2 })
    ? ok(text.replace(/[\s./-]/g, "").toUpperCase())
    : fail("invalid_cnpj");
}

/** A holder's document: a CPF (11 digits) or a CNPJ (14 characters). */
export function checkCpfOrCnpj(raw: string): Checked {
  const text = raw.trim();
  if (!text) return fail("required");
  const compact = text.replace(/[\s./-]/g, "");
  if (compact.length === 11 && /^\d+$/.test(compact)) return checkCpf(text);
  if (compact.length === 14) return checkCnpj(text);
  return fail("invalid_document");
}

/** A Pix e-mail key: lower-cased, at most 77 characters (the DICT's limit). */
export function checkPixEmail(raw: string): Checked {
  const text = raw.trim().toLowerCase();
  if (!text) return fail("required");
  return text.length <= 77 && isValidEmail(text) ? ok(text) : fail("invalid_email");
}

/**
 * A Pix phone key: a Brazilian mobile number with its area code (DDD), in E.164 ("+5511987654321").
 * Typed with or without +55, spaces, dashes, dots or parentheses; another country code is refused.
 */
export function checkPixPhone(raw: string): Checked {
  const text = raw.trim();
  if (!text) return fail("required");
  if (!/^[\d\s().+-]+$/.test(text)) return fail("invalid_phone");
  if (text.startsWith("+") && !/^\+\s*55/.test(text)) return fail("invalid_phone");
  const national = parsePhone(text);
  return national.length === 11 && isValidMobilePhone(national)
    ? ok(`+55${national}`)
    : fail("invalid_phone");
}

const uuidV4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** A Pix random key (EVP): a UUID v4 with its dashes, lower-cased. */
export function checkPixRandomKey(raw: string): Checked {
  const text = raw.trim();
  if (!text) return fail("required");
  return uuidV4.test(text) ? ok(text.toLowerCase()) : fail("invalid_random_key");
}

/** The Pix key of the given type, normalised (CPF digits, E.164 phone, lower-case e-mail and UUID). */
export function checkPixKey(type: PixKeyType, raw: string): Checked {
  switch (type) {
    case "cpf":
      return checkCpf(raw);
    case "cnpj":
      return checkCnpj(raw);
    case "email":
      return checkPixEmail(raw);
    case "phone":
      return checkPixPhone(raw);
    case "random":
      return checkPixRandomKey(raw);
  }
}

/** A bank's COMPE code: exactly 3 digits ("001", "237", "260"). */
export function checkBankCode(raw: string): Checked {
  const text = raw.trim();
  if (!text) return fail("required");
  return /^\d{3}$/.test(text) ? ok(text) : fail("invalid_bank_code");
}

/** A branch (agência): 1 to 5 digits, with an optional check digit after a dash ("1234-5"). */
export function checkBankBranch(raw: string): Checked {
  const text = raw.trim().replace(/\s+/g, "");
  if (!text) return fail("required");
  return /^\d{1,5}(-[\dxX])?$/.test(text) ? ok(text.toUpperCase()) : fail("invalid_bank_branch");
}

/**
 * An account number with its check digit after a dash ("12345-6"; "X" allowed as the digit): the
 * digit is required, because without the dash nobody can tell which digit is the check digit.
 */
export function checkBankAccount(raw: string): Checked {
  const text = raw.trim().replace(/\s+/g, "");
  if (!text) return fail("required");
  return /^\d{1,13}-[\dxX]$/.test(text) ? ok(text.toUpperCase()) : fail("invalid_bank_account");
}

/** The account holder's name: 2 to 120 characters after trimming, inner runs of spaces collapsed. */
export function checkHolderName(raw: string): Checked {
  const text = raw.trim().replace(/\s+/g, " ");
  if (!text) return fail("required");
  if (hasControlCharacters(text)) return fail("control_characters");
  if (text.length > 120) return fail("too_long");
  return text.length >= 2 ? ok(text) : fail("invalid_holder_name");
}

// ---------------------------------------------------------------------------------------------
// USDT on TRON (TRC-20): "T" + 33 base58 characters, which decode to 25 bytes: 0x41, the 20-byte
// account, and the first 4 bytes of sha256(sha256(the first 21)). A typo fails the checksum.
// ---------------------------------------------------------------------------------------------

const base58Alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/** Base58 (Bitcoin alphabet) to bytes; null on a character outside the alphabet. */
export function decodeBase58(text: string): Uint8Array | null {
  const bytes: number[] = [];
  for (const char of text) {
    let carry = base58Alphabet.indexOf(char);
    if (carry < 0) return null;
    for (let i = 0; i < bytes.length; i++) {
      carry += bytes[i]! * 58;
      bytes[i] = carry & 0xff;
      carry >>= 8;
    }
    while (carry > 0) {
      bytes.push(carry & 0xff);
      carry >>= 8;
    }
  }
  for (const char of text) {
    if (char !== "1") break;
    bytes.push(0);
  }
  return Uint8Array.from(bytes.reverse());
}

const sha256K = Uint32Array.from([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

/**
 * SHA-256 (FIPS 180-4), synchronous and dependency-free: the browser's crypto.subtle is async and
 * node:crypto is not in the browser, and a 21-byte checksum does not justify a library.
 */
export function sha256(data: Uint8Array): Uint8Array {
  const length = data.length;
  const padded = new Uint8Array(Math.ceil((length + 9) / 64) * 64);
  padded.set(data);
  padded[length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(length / 0x20000000));
  view.setUint32(padded.length - 4, (length * 8) >>> 0);
  const h = Uint32Array.from([
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ]);
  const w = new Uint32Array(64);
  const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));
  for (let offset = 0; offset < padded.length; offset += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(offset + i * 4);
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15]!;
      const b = w[i - 2]!;
      const s0 = rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3);
      const s1 = rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10);
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) >>> 0;
    }
    let a = h[0]!;
    let b = h[1]!;
    let c = h[2]!;
    let d = h[3]!;
    let e = h[4]!;
    let f = h[5]!;
    let g = h[6]!;
    let hh = h[7]!;
    for (let i = 0; i < 64; i++) {
      const t1 =
        (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + sha256K[i]! + w[i]!) >>> 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    h[0] = (h[0]! + a) >>> 0;
    h[1] = (h[1]! + b) >>> 0;
    h[2] = (h[2]! + c) >>> 0;
    h[3] = (h[3]! + d) >>> 0;
    h[4] = (h[4]! + e) >>> 0;
    h[5] = (h[5]! + f) >>> 0;
    h[6] = (h[6]! + g) >>> 0;
    h[7] = (h[7]! + hh) >>> 0;
  }
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  for (let i = 0; i < 8; i++) outView.setUint32(i * 4, h[i]!);
  return out;
}

/** A TRON (TRC-20) address: T + 33 base58 characters, version byte 0x41 and a valid checksum. */
export function checkTronAddress(raw: string): Checked {
  const text = raw.trim();
  if (!text) return fail("required");
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(text)) return fail("invalid_usdt_address");
  const bytes = decodeBase58(text);
  if (bytes?.length !== 25 || bytes[0] !== 0x41) return fail("invalid_usdt_address");
  const digest = sha256(sha256(bytes.subarray(0, 21)));
  for (let i = 0; i < 4; i++) if (digest[i] !== bytes[21 + i]) return fail("invalid_usdt_address");
  return ok(text);
}

// ---------------------------------------------------------------------------------------------
// Showing a key without giving it away (the audit trail, the saved card on /account).
// ---------------------------------------------------------------------------------------------

/** "••••" and the last 4 characters; a value of 4 characters or fewer is hidden whole. */
export function maskTail(value: string | null | undefined): string | null {
  if (value === null || value === undefined || value === "") return null;
  return value.length <= 4 ? "••••" : `••••${value.slice(-4)}`;
}
