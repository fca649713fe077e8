// The compile-time half of typed routes: `npm run typecheck` fails if an @ts-expect-error below
// stops being an error, i.e. if defineRoute would accept a handler its route's schemas do not fit.
import { z } from "zod";
import { defineRoute, type NoSchemas, type RouteHandler } from "./route-spec";

const bodySchema = z.object({ name: z.string() }).strict();
const paramsSchema = z.object({ id: z.string() });
const fields = {
  method: "post" as const,
  path: "/things/:id",
  operationId: "makeThing",
  summary: "test route",
  tag: "Test",
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
});
