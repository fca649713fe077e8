// Integration (the app is built on the harness's real PostgreSQL and Redis): the express router's
// own stack, walked layer by layer, holds exactly the route table's routes and the few public
// endpoints beside it. A route registered anywhere else (`app.get("/v1/…")`, a router mounted
// beside the table) escapes the table's auth, permission and scope declarations: this fails then.
import type { Express } from "express";
import { createApp } from "../app";
import { createTestHarness, type TestHarness } from "../testing/harness";
import { v1Routes } from ".";

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness();
});
afterAll(() => h.close());

/** The routes the app serves outside the table: liveness and the API's own description. */
const BESIDE_THE_TABLE = ["GET /healthz", "GET /v1/openapi.json"];

/**
 * Middleware mounted with `use` (no method): each path and handler name, so that a handler
 * mounted at a /v1 path beside the table shows too. These are the app's own: logging, metrics, the
 * deadline, the dashboard's files, and the 404 and error handlers.
 */
const MOUNTED = [
  "use / logRequest",
  "use / recordMetrics",
  "use / enforceDeadline",
  "use /dashboard router",
  "use /v1 router",
  "use /v1 notFoundHandler",
  "use / notFoundHandler",
  "use / errorHandler",
];

interface Layer {
  name: string;
  rawPath?: string;
  route?: { path: string; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
}

/** Every route and mounted handler of an app, with its full path, in registration order. */
function registered(app: Express): { routes: string[]; mounted: string[] } {
  const routes: string[] = [];
  const mounted: string[] = [];
  const walk = (stack: Layer[], prefix: string, inMountedRouter: boolean) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const method of Object.keys(layer.route.methods)) {
          routes.push(`${method.toUpperCase()} ${prefix}${layer.route.path}`);
        }
      } else if (layer.name === "router" && layer.handle.stack && !inMountedRouter) {
        mounted.push(`use ${layer.rawPath ?? "/"} router`);
        // the dashboard's router serves files, not API routes: its own stack is its business
        if (layer.rawPath === "/v1") walk(layer.handle.stack, layer.rawPath, true);
      } else {
        mounted.push(`use ${prefix || layer.rawPath || "/"} ${layer.name}`);
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, "", false);
  return { routes, mounted };
}

const tableRoutes = v1Routes.map((route) => `${route.method.toUpperCase()} /v1${route.path}`);

describe("the router against the route table", () => {
  it("serves exactly the table's routes and the documented ones beside it", () => {
    const { routes, mounted } = registered(h.app);
    expect([...routes].sort()).toEqual([...tableRoutes, ...BESIDE_THE_TABLE].sort());
    expect(routes).toHaveLength(new Set(routes).size); // no route registered twice
    expect(mounted).toEqual(MOUNTED);
  });

  it("finds a route registered beside the table, on the app or on a router mounted at /v1", () => {
    const app = createApp(h.deps);
    app.get("/v1/stray", (_req, res) => {
      res.json({ open: true });
    });
    const { routes, mounted } = registered(app);
    expect(routes.filter((r) => !tableRoutes.includes(r) && !BESIDE_THE_TABLE.includes(r))).toEqual([
      "GET /v1/stray",
    ]);
    const withMiddleware = createApp(h.deps);
    withMiddleware.use("/v1/admin", function adminPanel(_req, res) {
      res.json({ open: true });
    });
    expect(registered(withMiddleware).mounted).toEqual([...MOUNTED, "use /v1/admin adminPanel"]);
    expect(mounted).toEqual(MOUNTED);
  });

  it("declares a permission on every entry, and a read scope on every route that reads contexts", () => {
    for (const route of v1Routes) {
      expect([route.path, typeof route.permission]).toEqual([route.path, "string"]);
      if (route.permission === "contexts:read")
        expect([route.path, route.scope]).toEqual([route.path, "contexts"]);
    }
  });
});
