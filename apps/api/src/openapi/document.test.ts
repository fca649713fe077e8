// What the reviewer's generated client found untrue in the document, each held to the server's
// behaviour. (Every API integration test also validates its responses: testing/openapi-validator.ts.)
import type { oas31 } from "zod-openapi";
import { v1Routes } from "../routes";
import { buildOpenApiDocument } from "./document";

const doc = buildOpenApiDocument(v1Routes);
const schemas = doc.components?.schemas as Record<string, oas31.SchemaObject>;
const operations = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
  (["get", "post", "put", "delete"] as const)
    .filter((m) => item[m])
    .map((method) => ({ path, method, op: item[method] as oas31.OperationObject })),
);
const prop = (schema: string, name: string) => schemas[schema]?.properties?.[name] as oas31.SchemaObject;

describe("the OpenAPI document", () => {
  it("has a relative server, so it holds for any deployment, with paths under it", () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: "/v1" })]);
    expect(Object.keys(doc.paths ?? {}).every((p) => p.startsWith("/") && !p.startsWith("/v1"))).toBe(true);
  });

  it.each(operations)(
    "$method $path declares every status the middleware can answer with",
    ({ path, method, op }) => {
      const statuses = Object.keys(op.responses ?? {});
      expect(statuses).toEqual(expect.arrayContaining(["401", "429", "503"]));
      if (path.includes("{")) expect(statuses).toEqual(expect.arrayContaining(["400", "404"]));
      if (method === "post" || method === "put")
        expect(statuses).toEqual(expect.arrayContaining(["400", "413", "415"]));
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        const headers = Object.keys((response as oas31.ResponseObject).headers ?? {});
        expect(headers).toEqual(
          expect.arrayContaining([
            "X-Request-Id",
            "RateLimit-Limit",
            "RateLimit-Remaining",
            "RateLimit-Reset",
          ]),
        );
        if (status === "429" || status === "503") expect(headers).toContain("Retry-After");
      }
    },
  );

  it("types hashes, signatures and addresses as the service writes them", () => {
    expect(prop("Context", "signer_address").pattern).toBe("^0x[0-9a-fA-F]{40}$");
    expect(prop("Context", "context_hash").pattern).toBe("^0x[0-9a-f]{64}$");
    expect(prop("Context", "signature").pattern).toBe("^0x[0-9a-f]{130}$");
    expect(prop("ProofBundle", "registry_address").pattern).toBe("^0x[0-9a-fA-F]{40}$");
  });

  it("is as strict about webhook requests as the server", () => {
    const create = schemas.CreateWebhookRequest as oas31.SchemaObject;
    const events = create.properties?.events as oas31.SchemaObject;
    expect(events.uniqueItems).toBe(true);
    expect(create.properties?.url).toMatchObject({ format: "uri", pattern: expect.any(String) });
    expect(create.properties?.secret).toMatchObject({ pattern: expect.any(String) });
    expect(schemas.UpdateWebhookRequest?.minProperties).toBe(1);
    expect(doc.paths?.["/webhooks/{id}/test"]?.post?.requestBody).toMatchObject({ required: false });
  });

  it("gives the Idempotency-Key header its length and characters", () => {
    const param = doc.paths?.["/contexts"]?.post?.parameters?.find(
      (p) => (p as oas31.ParameterObject).name === "Idempotency-Key",
    ) as oas31.ParameterObject;
    expect(param.schema).toMatchObject({ pattern: "^[\\x21-\\x7e]{1,255}$" });
  });

  it("says what JSON Schema cannot: nesting, NUL, lone surrogates, __proto__ and byte limits", () => {
    const body = doc.paths?.["/contexts"]?.post?.requestBody as oas31.RequestBodyObject;
    expect(body.description).toMatch(/32 deep.*__proto__.*NUL.*lone surrogate/s);
    expect(prop("CreateContextRequest", "context_data").description).toMatch(/262144 bytes/);
  });

  it("declares a verification's transaction_hash and block_number nullable, saying when", () => {
    for (const name of ["transaction_hash", "block_number"]) {
      const field = prop("Verification", name);
      expect(field.anyOf).toContainEqual({ type: "null" });
      expect(field.description).toMatch(/Null/);
    }
  });

  it("declares Location where the API sets it", () => {
    const header = (path: string, status: string) =>
      (doc.paths?.[path]?.post?.responses?.[status] as oas31.ResponseObject | undefined)?.headers?.Location;
    expect(header("/contexts", "202")).toBeDefined();
    expect(header("/webhooks", "201")).toMatchObject({ required: true });
    expect(header("/verifications", "200")).toMatchObject({ required: true });
  });
});
