// The compile-time half of typed routes: `npm run typecheck` fails if an @ts-expect-error below
// stops being an error, i.e. if defineRoute would accept a handler its route's schemas do not fit.
import { z } from "zod";
import { defineRoute, type NoSchemas, type RouteHandler, routeAuth } from "./route-spec";

const bodySchema = z.object({ name: z.string() }).strict();
const paramsSchema = z.object({ id: z.string() });
const fields = {
  method: "post" as const,
  path: "/things/:id",
  operationId: "makeThing",
  summary: "test route",
  tag: "Test",
  permission: "any" as const,
  success: { status: 200, description: "ok", schema: z.object({}) },
  errors: [],
};

const readsBody =
  (): RouteHandler<{ body: typeof bodySchema }> =>
  async ({ body, res }) => {
    res.json({ name: body.name });
  };
const readsNothing =
  (): RouteHandler<NoSchemas> =>
  async ({ auth, res }) => {
    res.json({ user: auth.userId });
  };

describe("defineRoute", () => {
  it("pairs a handler with the schemas it reads, and refuses one its route does not declare", () => {
    const ok = defineRoute({ ...fields, body: bodySchema, handler: readsBody });
    // @ts-expect-error the handler reads a body; this route declares none
    defineRoute({ ...fields, handler: readsBody });
    // @ts-expect-error the handler expects {name}; the route's body is another shape
    defineRoute({ ...fields, body: z.object({ other: z.number() }), handler: readsBody });
    defineRoute({ ...fields, handler: readsNothing });
    defineRoute({
      ...fields,
      params: paramsSchema,
      handler:
        () =>
        async ({ params, res }) => {
          const id: string = params.id;
          // @ts-expect-error the params schema has no `other`
          res.json({ id, other: params.other });
        },
    });
    expect(ok.body).toBe(bodySchema);
  });

  it("requires a permission on every route: a route is never open by default", () => {
    const { permission: _, ...withoutPermission } = fields;
    // @ts-expect-error `permission` is required ("any" says so explicitly)
    defineRoute({ ...withoutPermission, handler: readsNothing });
    expect(() => routeAuth({ auth: "none", permission: "contexts:read", path: "/x" })).toThrow(
      /takes no credentials/,
    );
    expect(() => routeAuth({ auth: "none", permission: "any", scope: "contexts", path: "/x" })).toThrow(
      /takes no credentials/,
    );
    expect(routeAuth({ auth: "none", permission: "any", path: "/x" })).toBe("none");
  });

  it("gives a handler the read scope its route declares, and only then", () => {
    const readsContexts =
      (): RouteHandler<{ scope: "contexts" }> =>
      async ({ scope, res }) => {
        const family: string = scope.keyFamilyId;
        res.json({ scope: scope.scope, family });
      };
    defineRoute({ ...fields, scope: "contexts", handler: readsContexts });
    // @ts-expect-error the handler reads contexts as a scoped reader; this route declares no scope
    defineRoute({ ...fields, handler: readsContexts });
    // @ts-expect-error the route scopes verifications; the handler wants a context reader
    defineRoute({ ...fields, scope: "verifications", handler: readsContexts });
  });
});
