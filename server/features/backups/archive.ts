// The embedded backup's container (docs/decisions/0070): a plain POSIX tar (ustar) of a few
// entries, gzipped by the caller. Small and dependency-free: we only ever write regular files and
// read back what we wrote, so `tar tzf` and `tar xzf` can inspect a backup too.

export type TarEntry = { name: string; data: Uint8Array; mode: number };

const block = 512;
// ustar sizes are 11 octal digits: up to 8 GiB per entry.
const maxEntrySize = 8 ** 11 - 1;

function writeOctal(header: Buffer, offset: number, length: number, value: number) {
  header.write(`${value.toString(8).padStart(length - 1, "0")}\0`, offset, length, "ascii");
}

function buildHeader(entry: TarEntry, mtime: number): Buffer {
  const name = Buffer.from(entry.name, "utf8");
  if (name.length > 100) throw new Error(`tar entry name too long: ${entry.name}`);
  if (entry.data.length > maxEntrySize) throw new Error(`tar entry too large: ${entry.name}`);
  const header = Buffer.alloc(block);
  name.copy(header, 0);
  writeOctal(header, 100, 8, entry.mode & 0o7777);
  writeOctal(header, 108, 8, 0); // uid
  writeOctal(header, 116, 8, 0); // gid
  writeOctal(header, 124, 12, entry.data.length);
  writeOctal(header, 136, 12, mtime);
  header.fill(0x20, 148, 156); // checksum field counts as spaces
  header.write("0", 156, 1, "ascii"); // regular file
  header.write("ustar\0", 257, 6, "ascii");
  header.write("00", 263, 2, "ascii");
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, 8, "ascii");
  return header;
}

/** The tar's blocks, entry by entry (no copy of the data), ending with two zero blocks. */
export function* tarChunks(entries: TarEntry[], now = new Date()): Generator<Uint8Array> {
  const mtime = Math.floor(now.getTime() / 1000);
  for (const entry of entries) {
    yield buildHeader(entry, mtime);
    yield entry.data;
    const padding = (block - (entry.data.length % block)) % block;
    if (padding) yield Buffer.alloc(padding);
  }
  yield Buffer.alloc(block * 2);
}

function readString(bytes: Uint8Array, offset: number, length: number): string {
  const slice = bytes.subarray(offset, offset + length);
  const end = slice.indexOf(0);
  return Buffer.from(end === -1 ? slice : slice.subarray(0, end)).toString("utf8");
}

function readOctal(bytes: Uint8Array, offset: number, length: number): number {
  const text = readString(bytes, offset, length).trim();
  return text ? Number.parseInt(text, 8) : 0;
}

/** The name of the tar's first entry (without reading the rest), or null when it is not a tar. */
export function readFirstEntryName(tar: Uint8Array): string | null {
  if (tar.length < block) return null;
  if (readString(tar, 257, 5) !== "ustar") return null;
  return readString(tar, 0, 100);
}

/** Every regular file of a ustar archive (names with their prefix). */
export function readTar(tar: Uint8Array): TarEntry[] {
  const entries: TarEntry[] = [];
  let offset = 0;
  let ended = false;
  while (offset + block <= tar.length) {
    const header = tar.subarray(offset, offset + block);
    if (header.every((byte) => byte === 0)) {
      ended = true;
      break;
    }
    const name = readString(header, 0, 100);
    const prefix = readString(header, 345, 155);
    const size = readOctal(header, 124, 12);
    const type = String.fromCharCode(header[156] ?? 0);
    const start = offset + block;
    if (start + size > tar.length) throw new Error("the archive is truncated");
    if (type === "0" || type === "\0")
      entries.push({
        name: prefix ? `${prefix}/${name}` : name,
        data: tar.subarray(start, start + size),
        mode: readOctal(header, 100, 8),
      });
    offset = start + Math.ceil(size / block) * block;
  }
  // A cut-off archive would otherwise just look shorter.
  if (!ended) throw new Error("the archive is truncated");
  return entries;
}
