import { promisify } from "node:util";
import zlib from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { compress } from "hono/compress";

/** Whether an Accept-Encoding header lets Hono's compress answer gzip or deflate. */
export function acceptsCompression(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  return acceptEncoding.split(",").some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (name !== "gzip" && name !== "deflate" && name !== "*") return false;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** Answers smaller than this go out as they are: compressing them costs more than it saves. */
export const compressionThreshold = 1024;

const gzip = promisify(zlib.gzip);
const deflate = promisify(zlib.deflate);

/** gzip or deflate as the header prefers (gzip on a tie), or null when neither is accepted. */
function chosenEncoding(acceptEncoding: string | undefined): "gzip" | "deflate" | null {
  if (!acceptEncoding) return null;
  let best: { encoding: "gzip" | "deflate"; q: number } | null = null;
  let wildcard = 0;
  for (const part of acceptEncoding.split(",")) {
    const [rawName, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2)) || 0;
    const name = rawName?.trim();
    if (name === "*") wildcard = weight;
    else if ((name === "gzip" || name === "deflate") && weight > 0 && (!best || weight > best.q))
      best = { encoding: name, q: weight };
  }
  if (best) return best.encoding;
  return wildcard > 0 ? "gzip" : null;
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
    const accepted = c.req.header("accept-encoding");
    if (!acceptsCompression(accepted)) return next();
    await next();
    const res = c.res;
    const isJson = res.headers.get("content-type")?.startsWith("application/json") ?? false;
    if (!isJson || !res.body || res.headers.has("content-encoding") || c.req.method === "HEAD")
      return compressMiddleware(c, afterHandler);
    const text = await res.text();
    const encoding = chosenEncoding(accepted);
    if (Buffer.byteLength(text) < compressionThreshold || encoding === null) {
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
