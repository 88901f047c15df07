import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  checkBankAccount,
  checkBankBranch,
  checkBankCode,
  checkCnpj,
  checkCpf,
  checkCpfOrCnpj,
  checkHolderName,
  checkPixEmail,
  checkPixKey,
  checkPixPhone,
  checkPixRandomKey,
  checkTronAddress,
  decodeBase58,
  maskTail,
  sha256,
} from "./payee";

const base58Alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/** Base58 encoding, written independently of the decoder under test. */
function encodeBase58(bytes: Uint8Array): string {
  let n = BigInt(`0x${Buffer.from(bytes).toString("hex") || "0"}`);
  let out = "";
  while (n > 0n) {
    out = base58Alphabet[Number(n % 58n)] + out;
    n /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    out = `1${out}`;
  }
  return out;
}

/** A TRON address built with node:crypto's SHA-256: 0x41 + 20 random bytes + checksum. */
function makeTronAddress(): string {
  const payload = Buffer.concat([Buffer.from([0x41]), randomBytes(20)]);
  const once = createHash("sha256").update(payload).digest();
  const twice = createHash("sha256").update(once).digest();
  return encodeBase58(Buffer.concat([payload, twice.subarray(0, 4)]));
}

describe("CPF and CNPJ", () => {
  it("accepts a CPF with valid check digits, masked or bare, and keeps only the digits", () => {
    expect(checkCpf("529.982.247-25")).toEqual({ ok: true, value: "52998224725" });
    expect(checkCpf(" 11144477735 ")).toEqual({ ok: true, value: "11144477735" });
  });

  it("refuses a CPF whose check digit is wrong, a repeated number and a short one", () => {
    expect(checkCpf("529.982.247-24")).toEqual({ ok: false, code: "invalid_cpf" });
    expect(checkCpf("111.111.111-11")).toEqual({ ok: false, code: "invalid_cpf" });
    expect(checkCpf("5299822472")).toEqual({ ok: false, code: "invalid_cpf" });
    expect(checkCpf("  ")).toEqual({ ok: false, code: "required" });
  });

  it("accepts a numeric and an alphanumeric CNPJ, and refuses a wrong check digit", () => {
    expect(checkCnpj("11.222.333/0001-81")).toEqual({ ok: true, value: "11222333000181" });
    expect(checkCnpj("12.abc.345/01de-35")).toEqual({ ok: true, value: "12ABC34501DE35" });
    expect(checkCnpj("11.222.333/0001-80")).toEqual({ ok: false, code: "invalid_cnpj" });
    expect(checkCnpj("00.000.000/0000-00")).toEqual({ ok: false, code: "invalid_cnpj" });
  });

  it("reads a holder's document as a CPF or a CNPJ by its length", () => {
    expect(checkCpfOrCnpj("529.982.247-25")).toEqual({ ok: true, value: "52998224725" });
    expect(checkCpfOrCnpj("11.222.333/0001-81")).toEqual({ ok: true, value: "11222333000181" });
    expect(checkCpfOrCnpj("529.982.247-24")).toEqual({ ok: false, code: "invalid_cpf" });
    expect(checkCpfOrCnpj("123")).toEqual({ ok: false, code: "invalid_document" });
  });
});

describe("Pix keys", () => {
  it("lower-cases an e-mail key and refuses a malformed or over-long one", () => {
    expect(checkPixEmail(" Ana.Silva@Example.COM ")).toEqual({ ok: true, value: "ana.silva@example.com" });
    expect(checkPixEmail("ana@")).toEqual({ ok: false, code: "invalid_email" });
    expect(checkPixEmail(`${"a".repeat(70)}@example.com`)).toEqual({ ok: false, code: "invalid_email" });
  });

  it("normalises a mobile number with its area code to E.164, however it is typed", () => {
    for (const typed of ["+55 11 98765-4321", "(11) 98765-4321", "11987654321", "+55 (11) 9 8765.4321"])
      expect(checkPixPhone(typed)).toEqual({ ok: true, value: "+5511987654321" });
  });

  it("refuses a phone key without its area code, a landline, another country and letters", () => {
    expect(checkPixPhone("98765-4321")).toEqual({ ok: false, code: "invalid_phone" });
    expect(checkPixPhone("(11) 3000-0000")).toEqual({ ok: false, code: "invalid_phone" });
    expect(checkPixPhone("+1 415 987 6543")).toEqual({ ok: false, code: "invalid_phone" });
    expect(checkPixPhone("11 9876-ABCD")).toEqual({ ok: false, code: "invalid_phone" });
    // 20 is not an area code in Brazil.
    expect(checkPixPhone("(20) 98765-4321")).toEqual({ ok: false, code: "invalid_phone" });
  });

  it("accepts a random key in UUID v4 form only, lower-cased", () => {
    expect(checkPixRandomKey("71C7D9BE-4B85-4E43-9F1C-1F3B8B4E9A2D")).toEqual({
      ok: true,
      value: "71c7d9be-4b85-4e43-9f1c-1f3b8b4e9a2d",
    });
    // version nibble 1, not 4
    expect(checkPixRandomKey("123e4567-e12b-12d1-a456-426655440000").ok).toBe(false);
    expect(checkPixRandomKey("71c7d9be4b854e439f1c1f3b8b4e9a2d").ok).toBe(false);
  });

  it("checks the key as its chosen type: a CPF typed as a phone key is refused", () => {
    expect(checkPixKey("cpf", "529.982.247-25")).toEqual({ ok: true, value: "52998224725" });
    expect(checkPixKey("phone", "529.982.247-25").ok).toBe(false);
    expect(checkPixKey("email", "529.982.247-25").ok).toBe(false);
  });
});

describe("bank account", () => {
  it("wants a 3-digit bank code, a branch and an account with its check digit", () => {
    expect(checkBankCode("237")).toEqual({ ok: true, value: "237" });
    expect(checkBankCode("23")).toEqual({ ok: false, code: "invalid_bank_code" });
    expect(checkBankBranch("1234-x")).toEqual({ ok: true, value: "1234-X" });
    expect(checkBankBranch("12a4")).toEqual({ ok: false, code: "invalid_bank_branch" });
    expect(checkBankAccount(" 12345-6 ")).toEqual({ ok: true, value: "12345-6" });
    expect(checkBankAccount("123456")).toEqual({ ok: false, code: "invalid_bank_account" });
    expect(checkHolderName("  Ana   Silva ")).toEqual({ ok: true, value: "Ana Silva" });
    expect(checkHolderName("A")).toEqual({ ok: false, code: "invalid_holder_name" });
  });
});

describe("USDT (TRC-20) address", () => {
  it("computes SHA-256 like node:crypto for every length around the block edges", () => {
    for (const length of [0, 1, 21, 32, 55, 56, 63, 64, 65, 119, 120, 1000]) {
      const data = randomBytes(length);
      expect(Buffer.from(sha256(data)).toString("hex")).toBe(createHash("sha256").update(data).digest("hex"));
    }
  });

  it("decodes base58 with its leading zeros", () => {
    expect(Array.from(decodeBase58("11") ?? [])).toEqual([0, 0]);
    expect(decodeBase58("0OIl")).toBeNull();
  });

  it("accepts a real address and random well-formed ones", () => {
    // Tether's own USDT contract on TRON.
    expect(checkTronAddress("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")).toEqual({
      ok: true,
      value: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
    });
    for (let i = 0; i < 50; i++) {
      const address = makeTronAddress();
      expect(checkTronAddress(address)).toEqual({ ok: true, value: address });
    }
  });

  it("refuses a typo (checksum), a wrong prefix or length, and characters outside base58", () => {
    expect(checkTronAddress("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u").ok).toBe(false);
    expect(checkTronAddress("XR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t").ok).toBe(false);
    expect(checkTronAddress("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6").ok).toBe(false);
    expect(checkTronAddress("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj0t").ok).toBe(false);
    expect(checkTronAddress("0x71C7656EC7ab88b098defB751B7401B5f6d8976F")).toEqual({
      ok: false,
      code: "invalid_usdt_address",
    });
  });
});

describe("masking", () => {
  it("keeps the last 4 characters only", () => {
    expect(maskTail("52998224725")).toBe("••••4725");
    expect(maskTail("abc")).toBe("••••");
    expect(maskTail(null)).toBeNull();
  });
});
