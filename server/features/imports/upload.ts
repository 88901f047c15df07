import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import Busboy from "@fastify/busboy";
import { AppError } from "../../errors";

// A multipart upload streamed to a temporary file (docs/decisions/0038): the body is never held in
// memory, whatever its size, and the form's text fields may come before or after the file.

export type UploadedFile = { name: string; path: string; bytes: number };

export type ReceivedUpload = {
  fields: Record<string, string>;
  file: UploadedFile | null;
  /** Removes the temporary file; call it once the file has been read. */
  cleanup: () => Promise<void>;
};

const tooLarge = () => new AppError("payload_too_large", "The file is too large.");
const badForm = (message: string, field = "file") =>
  new AppError("validation_failed", message, { [field]: field === "file" ? "required" : "too_long" });

/**
 * Reads a multipart/form-data body: the part named `fileField` goes to a new temporary file (at most
 * `maxFileBytes`, else 413 as soon as the limit is crossed), text fields named in `fieldNames` are
 * kept (64 KB each), anything else is drained and dropped.
 */
export async function receiveUpload(
  request: Request,
  options: { fileField: string; fieldNames: readonly string[]; maxFileBytes: number },
): Promise<ReceivedUpload> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\b/i.test(contentType) || !request.body)
    throw badForm("Send the file as multipart/form-data.");
  const dir = await mkdtemp(path.join(tmpdir(), "placar-upload-"));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  try {
    const fields: Record<string, string> = {};
    let file: UploadedFile | null = null;
    const writes: Promise<void>[] = [];
    const input = Readable.fromWeb(request.body as unknown as NodeReadableStream<Uint8Array>);
    let refusal: AppError | null = null;
    const refuse = (error: AppError) => {
      refusal ??= error;
      input.destroy(error);
    };
    let busboy: ReturnType<typeof Busboy>;
    try {
      busboy = Busboy({
        headers: { "content-type": contentType },
        limits: {
          files: 1,
          fields: 20,
          parts: 25,
          fieldSize: 64 * 1024,
          fileSize: options.maxFileBytes,
          headerPairs: 20,
        },
      });
    } catch {
      throw badForm("The multipart body has no boundary.");
    }
    busboy.on("file", (name, stream, fileName) => {
      if (name !== options.fileField || file) {
        stream.resume();
        return;
      }
      const target: UploadedFile = { name: fileName || "upload", path: path.join(dir, "file"), bytes: 0 };
      file = target;
      stream.on("data", (chunk: Buffer) => {
        target.bytes += chunk.length;
      });
      stream.on("limit", () => refuse(tooLarge()));
      const write = pipeline(stream, createWriteStream(target.path));
      // Awaited below unless the upload was refused first; never an unhandled rejection.
      write.catch(() => {});
      writes.push(write);
    });
    busboy.on("field", (name, value, _nameTruncated, valueTruncated) => {
      if (!options.fieldNames.includes(name)) return;
      if (valueTruncated) refuse(badForm(`The field ${name} is too long.`, name));
      else fields[name] = value;
    });
    for (const event of ["partsLimit", "filesLimit", "fieldsLimit"] as const)
      busboy.on(event, () => refuse(badForm("The form has too many parts.")));
    try {
      await pipeline(input, busboy);
      await Promise.all(writes);
    } catch (error) {
      if (refusal) throw refusal;
      if (error instanceof AppError) throw error;
      throw badForm("The multipart body could not be read.");
    }
    if (refusal) throw refusal;
    return { fields, file, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
