// Integration: the real app over a fixture build (tests never depend on apps/dashboard being built).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import supertest from "supertest";
import { createApp } from "../app";
import { createTestHarness, type TestHarness } from "../testing/harness";
import { DASHBOARD_CSP } from "./serve-dashboard";

let h: TestHarness;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), "ctxlog-dashboard-"));
  mkdirSync(path.join(dist, "assets"));
  writeFileSync(
    path.join(dist, "index.html"),
    '<!doctype html><script type="module" src="/dashboard/assets/app-3f2a.js"></script>',
  );
  writeFileSync(path.join(dist, "assets", "app-3f2a.js"), "console.log('dashboard')");
  writeFileSync(
    path.join(dist, "assets", "big-9c1d.js"),
    `export const words = ${JSON.stringify("ctxlog ".repeat(2000))};`,
  );
  writeFileSync(path.join(dist, "favicon.svg"), "<svg/>");
  // what the build writes beside a file: its brotli and gzip copies (here told apart from the file
  // by their content, so the test sees which one was sent)
  writeFileSync(path.join(dist, "assets", "pre-77aa.js"), "console.log('plain')");
  writeFileSync(path.join(dist, "assets", "pre-77aa.js.gz"), gzipSync("console.log('from .gz')"));
  writeFileSync(path.join(dist, "assets", "pre-77aa.js.br"), brotliCompressSync("console.log('from .br')"));
  writeFileSync(path.join(dist, "boot.js"), "console.log('plain boot')");
  writeFileSync(path.join(dist, "boot.js.gz"), gzipSync("console.log('boot from .gz')"));
  h = await createTestHarness({ DASHBOARD_DIST_DIR: dist });
});
afterAll(async () => {
  await h.close();
  rmSync(dist, { recursive: true, force: true });
});

function expectPagePolicy(res: supertest.Response) {
  expect(res.headers["content-security-policy"]).toBe(DASHBOARD_CSP);
  expect(res.headers["content-security-policy"]).toMatch(/default-src 'self'/);
  expect(res.headers["content-security-policy"]).toMatch(/script-src 'self'(;|$)/); // no inline script
  expect(res.headers["content-security-policy"]).toMatch(/frame-ancestors 'none'/);
  expect(res.headers["x-frame-options"]).toBe("DENY");
  expect(res.headers["referrer-policy"]).toBe("no-referrer");
  expect(res.headers["x-content-type-options"]).toBe("nosniff");
}

describe("/dashboard", () => {
  it("/dashboard redirects to /dashboard/", async () => {
    const res = await supertest(h.app).get("/dashboard");
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe("/dashboard/");
  });

  it.each([
    "/dashboard/",
    "/dashboard/keys",
    "/dashboard/contexts/ctx_01JAZ0YQ8T9X2V3W4B5C6D7E8F",
    "/dashboard/setup",
  ])("%s is index.html, never cached, under the page policy", async (url) => {
    const res = await supertest(h.app).get(url);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.text).toContain("/dashboard/assets/app-3f2a.js");
    expect(res.headers["cache-control"]).toBe("no-cache");
    expectPagePolicy(res);
  });

  it("serves hashed assets with a year-long immutable cache; a missing asset is 404, not the page", async () => {
    const res = await supertest(h.app).get("/dashboard/assets/app-3f2a.js");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.headers["cache-control"]).toMatch(/max-age=31536000/);
    expect(res.headers["cache-control"]).toMatch(/immutable/);
    expectPagePolicy(res);
    const missing = await supertest(h.app).get("/dashboard/assets/gone-0000.js");
    expect(missing.status).toBe(404);
    expect(missing.text).not.toContain("<script");
  });

  it("sends the app's files gzipped to a browser that accepts it, and as they are otherwise", async () => {
    const file = path.join(dist, "assets", "big-9c1d.js");
    const zipped = await supertest(h.app).get("/dashboard/assets/big-9c1d.js").set("Accept-Encoding", "gzip");
    expect(zipped.status).toBe(200);
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.text).toBe(readFileSync(file, "utf8")); // supertest gunzips it
    const plain = await supertest(h.app)
      .get("/dashboard/assets/big-9c1d.js")
      .set("Accept-Encoding", "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.text).toBe(readFileSync(file, "utf8"));
  });

  it("sends the build's precompressed copy of a file (brotli, else gzip) instead of compressing it", async () => {
    const br = await supertest(h.app)
      .get("/dashboard/assets/pre-77aa.js")
      .set("Accept-Encoding", "gzip, br")
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => done(null, Buffer.concat(chunks)));
      });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expectPagePolicy(br);
    expect(br.body.toString()).toContain("from .br"); // supertest leaves brotli as it came
    const gz = await supertest(h.app).get("/dashboard/assets/pre-77aa.js").set("Accept-Encoding", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.text).toBe("console.log('from .gz')"); // gunzipped by supertest
    const plain = await supertest(h.app)
      .get("/dashboard/assets/pre-77aa.js")
      .set("Accept-Encoding", "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.text).toBe("console.log('plain')");
    // a file outside assets/ (the boot script) keeps its revalidated cache
    const boot = await supertest(h.app).get("/dashboard/boot.js").set("Accept-Encoding", "gzip");
    expect([boot.headers["content-encoding"], boot.headers["cache-control"]]).toEqual(["gzip", "no-cache"]);
    expect(boot.text).toBe("console.log('boot from .gz')");
    expect((await supertest(h.app).get("/dashboard/assets/pre-77aa.js.map")).status).toBe(404);
  });

  it("serves other files of the build as they are, and never files outside it", async () => {
    const icon = await supertest(h.app).get("/dashboard/favicon.svg");
    expect([icon.status, icon.headers["content-type"]]).toEqual([200, "image/svg+xml"]);
    const outside = await supertest(h.app).get("/dashboard/..%2f..%2fpackage.json");
    expect(outside.text).not.toContain('"name"');
  });

  it("answers 503 saying the dashboard is not built when the folder is missing (HTML and JSON)", async () => {
    const app = createApp({ ...h.deps, env: { ...h.env, DASHBOARD_DIST_DIR: path.join(dist, "missing") } });
    const page = await supertest(app).get("/dashboard/keys").set("Accept", "text/html");
    expect(page.status).toBe(503);
    expect(page.text).toMatch(/not built/);
    expect(page.text).toMatch(/npm run build -w apps\/dashboard/);
    const json = await supertest(app).get("/dashboard/").set("Accept", "application/json");
    expect(json.status).toBe(503);
    expect(json.body.error).toMatchObject({ code: "SERVICE_UNAVAILABLE" });
    expect(json.body.error.message).toMatch(/not built/);
  });
});

describe("the dashboard's chain RPC (DASHBOARD_CHAIN_RPC_URL)", () => {
  it("is told to the app at /dashboard/config.json and allowed by the page policy, its origin only", async () => {
    const withRpc = await createTestHarness({
      DASHBOARD_DIST_DIR: dist,
      DASHBOARD_CHAIN_RPC_URL: "https://rpc.example.org/v1/public",
    });
    try {
      const res = await withRpc.request.get("/dashboard/config.json");
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ chain_rpc_url: "https://rpc.example.org/v1/public" });
      expect(res.headers["content-security-policy"]).toContain("connect-src 'self' https://rpc.example.org;");
      const page = await withRpc.request.get("/dashboard/agents");
      expect(page.headers["content-security-policy"]).toContain(
        "connect-src 'self' https://rpc.example.org;",
      );
    } finally {
      await withRpc.close();
    }
    const without = await h.request.get("/dashboard/config.json");
    expect(without.body).toEqual({ chain_rpc_url: null });
    expect(without.headers["content-security-policy"]).toBe(DASHBOARD_CSP);
  });
});
