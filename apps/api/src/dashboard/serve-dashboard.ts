import { existsSync } from "node:fs";
import path from "node:path";
import compression from "compression";
import express, { type Request, type RequestHandler, type Response, Router } from "express";
import type { Logger } from "pino";

/**
 * The dashboard's page policy. Scripts, styles, fonts, images and API calls come from this origin
 * only (and, when DASHBOARD_CHAIN_RPC_URL is set, JSON-RPC calls to that one origin: the agent
 * audit runs in the browser against the chain); no inline script, no plugins, no <base>, no
 * framing (clickjacking). Inline *styles* are allowed: component libraries set style attributes
 * (CSS variables), which carry no script.
 */
export function dashboardCsp(chainRpcUrl?: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    chainRpcUrl ? `connect-src 'self' ${new URL(chainRpcUrl).origin}` : "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export const DASHBOARD_CSP = dashboardCsp();

/** apps/dashboard/dist, from apps/api/src/dashboard (tests) or apps/api/dist/dashboard (built). */
export const DEFAULT_DASHBOARD_DIST = path.resolve(__dirname, "../../../dashboard/dist");

const securityHeaders =
  (csp: string): RequestHandler =>
  (_req, res, next) => {
    res.setHeader("Content-Security-Policy", csp);
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Referrer-Policy", "no-referrer");
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    next();
  };

/** Cache-Control of the hashed files (their names change with their content) and of the others. */
const CACHE_HASHED = "public, max-age=31536000, immutable";
const CACHE_REVALIDATE = "no-cache";

/**
 * Sends `file` of the build as the build compressed it (`file.br`, `file.gz`: brotli and gzip at
 * their best levels, written by the dashboard's build) when the browser accepts that encoding, so no
 * request pays for compressing it (the API's CPU, and the page's wait on a busy API). Returns false
 * when there is no such file (the caller serves the plain file, compressed on the fly if need be).
 */
function sendPrecompressed(req: Request, res: Response, file: string, cacheControl: string): boolean {
  // brotli first when both are accepted (smaller; browsers offer it over HTTPS only)
  const encoding = (["br", "gzip"] as const).find(
    (name) => req.acceptsEncodings(name) === name && existsSync(`${file}.${EXTENSION[name]}`),
  );
  if (!encoding) return false;
  res.setHeader("Content-Encoding", encoding);
  res.setHeader("Vary", "Accept-Encoding");
  res.setHeader("Cache-Control", cacheControl);
  res.type(path.extname(file)); // the file's own type, not the copy's (application/gzip)
  res.sendFile(`${file}.${EXTENSION[encoding]}`, { cacheControl: false });
  return true;
}

const EXTENSION = { br: "br", gzip: "gz" } as const;

/** The build's precompressed copy of a file under `root` at the request's path, when there is one. */
const precompressed =
  (root: string, cacheControl: string): RequestHandler =>
  (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let relative: string;
    try {
      relative = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const file = path.join(root, relative);
    // only a file inside the build (no "..", no NUL), and never a folder
    if (relative.includes("\0") || !file.startsWith(`${root}${path.sep}`) || relative.endsWith("/"))
      return next();
    if (!sendPrecompressed(req, res, file, cacheControl)) next();
  };

const NOT_BUILT =
  "The dashboard is not built: run `npm run build -w apps/dashboard` (or set DASHBOARD_DIST_DIR), then reload.";

/**
 * Serves the built single-page app at /dashboard: hashed files under /dashboard/assets cached for a
 * year (their names change with their content), index.html (never cached, so a deployment is seen
 * at once) for every other GET under /dashboard that is not a file, so client routes load. When the
 * build is missing, 503 saying so (checked again on each request until it appears).
 */
export function serveDashboard(
  env: { DASHBOARD_DIST_DIR?: string | undefined; DASHBOARD_CHAIN_RPC_URL?: string | undefined },
  logger: Logger,
): Router {
  const dist = path.resolve(env.DASHBOARD_DIST_DIR ?? DEFAULT_DASHBOARD_DIST);
  const indexFile = path.join(dist, "index.html");
  let built = existsSync(indexFile);
  if (!built) logger.warn({ dist }, "the dashboard is not built: /dashboard answers 503");

  const router = Router();
  router.use(securityHeaders(dashboardCsp(env.DASHBOARD_CHAIN_RPC_URL)));
  // What the app needs to know of the deployment before any API call: public, no session.
  router.get("/config.json", (_req, res) => {
    res.setHeader("Cache-Control", "no-cache");
    res.json({ chain_rpc_url: env.DASHBOARD_CHAIN_RPC_URL ?? null });
  });
  // The app's JavaScript is ~4× smaller gzipped (its budget, 250 KiB, is of gzipped bytes): the
  // dashboard's files are compressed for clients that accept it. The JSON API is not (its answers
  // are small and its CPU is the budget there).
  router.use(compression());
  router.use((req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    built ||= existsSync(indexFile);
    if (built) return next();
    res.status(503).setHeader("Retry-After", "60");
    res.setHeader("Cache-Control", "no-store");
    if (req.accepts(["json", "html"]) === "html") {
      res.type("html").send(`<!doctype html><meta charset="utf-8"><title>ctxlog</title><p>${NOT_BUILT}</p>`);
    } else {
      res.json({ error: { code: "SERVICE_UNAVAILABLE", message: NOT_BUILT, request_id: req.id } });
    }
  });
  router.use("/assets", precompressed(path.join(dist, "assets"), CACHE_HASHED));
  router.use(
    "/assets",
    express.static(path.join(dist, "assets"), {
      index: false,
      immutable: true,
      maxAge: "365d",
      fallthrough: false, // a missing asset is a 404, never index.html served as script
    }),
  );
  router.use(precompressed(dist, CACHE_REVALIDATE));
  router.use(
    express.static(dist, {
      index: false,
      setHeaders: (res) => res.setHeader("Cache-Control", CACHE_REVALIDATE),
    }),
  );
  router.get("/{*path}", (req, res) => {
    if (sendPrecompressed(req, res, indexFile, CACHE_REVALIDATE)) return;
    res.setHeader("Cache-Control", CACHE_REVALIDATE);
    res.sendFile(indexFile);
  });
  return router;
}
