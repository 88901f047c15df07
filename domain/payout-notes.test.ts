import { describe, expect, it } from "vitest";
import { recogniseSystemNote } from "./payout-notes";

// The confirmation note stored as a sentence by earlier versions is read back as the system note
// it stands for (docs/decisions/0094), in each of the languages it was written in.

describe("recogniseSystemNote", () => {
  it("reads the confirmation sentence of each language, as the web wrote it with Intl", () => {
    for (const [language, prefix] of [
      ["pt-BR", "Pagamento confirmado em "],
      ["en", "Payment confirmed on "],
      ["ru", "Выплата подтверждена "],
    ] as const) {
      for (const iso of ["2026-11-27", "2026-05-01", "2027-02-28", "2026-09-09"]) {
        const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
        const written = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeZone: "UTC" }).format(
          new Date(Date.UTC(y, m - 1, d)),
        );
        expect(recogniseSystemNote(`${prefix}${written}`), `${language} ${written}`).toEqual({
          type: "payment_confirmed",
          date: iso,
        });
      }
    }
  });

  it("reads the issue's example and tolerates another ICU's dot and spaces", () => {
    expect(recogniseSystemNote("Pagamento confirmado em 27 de nov. de 2026")?.date).toBe("2026-11-27");
    expect(recogniseSystemNote("Pagamento confirmado em 27 de nov de 2026")?.date).toBe("2026-11-27");
    expect(recogniseSystemNote("Выплата подтверждена 27 нояб. 2026\u00a0г.")?.date).toBe("2026-11-27");
  });

  it("leaves what a person typed alone", () => {
    for (const note of [
      null,
      "",
      "Pix enviado",
      "Pagamento confirmado em 27 de nov. de 2026, conferir",
      "Pagamento confirmado em breve",
      "Pagamento confirmado em 31 de fev. de 2026",
      "pagamento parcial. Pagamento confirmado em 27 de nov. de 2026",
    ])
      expect(recogniseSystemNote(note), String(note)).toBeNull();
  });
});
