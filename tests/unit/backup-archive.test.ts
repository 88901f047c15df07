import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { readFirstEntryName, readTar, tarChunks } from "../../server/features/backups/archive";

// The embedded backup's container (decision 0070): what we write, we read back byte for byte, and
// the system's tar agrees that it is a valid archive with the same names, sizes and modes.

const entries = [
  { name: "placar-backup.json", data: Buffer.from('{"format":"placar-embedded-backup"}\n'), mode: 0o600 },
  { name: "auth-secret", data: Buffer.from("s3cret-value\n"), mode: 0o600 },
  { name: "pgdata.tar", data: Buffer.alloc(1536 + 7, 0xab), mode: 0o644 },
];

const build = () => Buffer.concat([...tarChunks(entries, new Date("2026-11-27T00:00:00Z"))]);

describe("backup archive", () => {
  it("reads back every entry, in order, with its mode", () => {
    const tar = build();
    expect(tar.length % 512).toBe(0);
    expect(readFirstEntryName(tar)).toBe("placar-backup.json");
    const read = readTar(tar);
    expect(read.map((e) => [e.name, e.mode, Buffer.from(e.data).toString("hex")])).toEqual(
      entries.map((e) => [e.name, e.mode, e.data.toString("hex")]),
    );
  });

  it("is not mistaken for something else: a non-tar has no first entry", () => {
    expect(readFirstEntryName(Buffer.alloc(1024))).toBeNull();
    expect(readFirstEntryName(Buffer.from("short"))).toBeNull();
    expect(() => readTar(build().subarray(0, 1024 + 100))).toThrow(/truncated/);
  });

  it.runIf(process.platform === "linux")("is a valid tar.gz for the system's tar", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "placar-archive-"));
    try {
      const file = path.join(dir, "backup.tar.gz");
      writeFileSync(file, gzipSync(build()));
      const listing = execFileSync("tar", ["tzvf", file], { encoding: "utf8" }).trim().split("\n");
      expect(listing.map((line) => line.split(/\s+/).at(-1))).toEqual(entries.map((e) => e.name));
      expect(listing[1]).toMatch(/^-rw------- .* 13 /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
