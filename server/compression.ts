import { promisify } from "node:util";
import zlib from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { compress } from "hono/compress";

/** Answers smaller than this go out as they are: compressing them costs more than it saves. */
export const compressionThreshold = 1024;

const gzip = promisify(zlib.gzip);
const deflate = promisify(zlib.deflate);

/** gzip or deflate as an Accept-Encoding header prefers (gzip on a tie), or null when neither is accepted. */
export function chosenEncoding(acceptEncoding: string | undefined): "gzip" | "deflate" | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    weights.set(name?.trim() ?? "", q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  // An encoding not named takes the wildcard's weight; one named with q=0 is refused.
  const weightOf = (encoding: string) => weights.get(encoding) ?? weights.get("*") ?? 0;
  const [gzipWeight, deflateWeight] = [weightOf("gzip"), weightOf("deflate")];
  if (gzipWeight <= 0 && deflateWeight <= 0) return null;
  return gzipWeight >= deflateWeight ? "gzip" : "deflate";
}

/** Whether an Accept-Encoding header lets the server answer gzip or deflate. */
export function acceptsCompression(acceptEncoding: string | undefined): boolean {
  return chosenEncoding(acceptEncoding) !== null;
}

/**
 * Compression, only for a client that accepts it (docs/decisions/0090). A JSON answer is already
 * whole in memory: it is read, sent as it is below `compressionThreshold` (a postback's answer, a
 * 204-like `{ ok }`: Hono's compress knew no length for them and streamed each through gzip), and
 * otherwise compressed in one zlib call off the event loop. Other answers (CSV and XLSX streams,
 * files) keep Hono's streaming compress. `Vary` is set before the handler, where it costs nothing
 * (docs/performance.md, ninth pass).
 */
export function compressWhereAccepted(): MiddlewareHandler {
  const compressMiddleware = compress();
  const afterHandler = async () => {};
  return async (c, next) => {
    c.header("Vary", "Accept-Encoding");
    const encoding = chosenEncoding(c.req.header("accept-encoding"));
    if (encoding === null) return next();
    await next();
    const res = c.res;
    const isJson = res.headers.get("content-type")?.startsWith("application/json") ?? false;
    if (!isJson || !res.body || res.headers.has("content-encoding") || c.req.method === "HEAD")
      return compressMiddleware(c, afterHandler);
    const text = await res.text();
    if (Buffer.byteLength(text) < compressionThreshold) {
      c.res = new Response(text, { status: res.status, headers: res.headers });
      return;
    }
    const body = await (encoding === "gzip" ? gzip(text) : deflate(text));
    const headers = new Headers(res.headers);
    headers.delete("content-length");
    headers.set("content-encoding", encoding);
    c.res = new Response(new Uint8Array(body.buffer, body.byteOffset, body.byteLength), {
      status: res.status,
      headers,
    });
  };
}
