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

/**
 * Hono's compress, only for a client that accepts a compressed answer. Hono's middleware sets
 * `Vary` after the handler, and a header set on a finished answer rebuilds it as a streamed Fetch
 * Response, a cost paid even by clients that take no gzip. Set before the handler, `Vary` costs
 * nothing (measured in docs/performance.md, ninth pass).
 */
export function compressWhereAccepted(): MiddlewareHandler {
  const compressMiddleware = compress();
  return (c, next) => {
    c.header("Vary", "Accept-Encoding");
    return acceptsCompression(c.req.header("accept-encoding")) ? compressMiddleware(c, next) : next();
  };
}
