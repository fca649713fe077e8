import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import type { oas31 } from "zod-openapi";
import { buildOpenApiDocument } from "../openapi/document";
import { v1Routes } from "../routes";

/*
 * Test-only: holds every response a test receives to the OpenAPI document. A status the operation
 * does not declare, a body out of its schema, a required header missing or malformed, or one of the
 * document's headers sent where it is not declared, fails the test that received it. The document
 * is what clients generate types and validators from, so it must not drift from the server.
 */

const DOC_ID = "https://ctxlog.test/v1/openapi.json";
const METHODS = new Set(["get", "post", "put", "delete", "patch"]);

export interface ResponseLike {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** the parsed JSON body (undefined when there is none) */
  body: unknown;
  /** the raw text (NDJSON streams) */
  text?: string;
}

interface Operation {
  template: string;
  regex: RegExp;
  literals: number;
  pointer: string;
  operation: oas31.OperationObject;
}

const escapePointer = (s: string) => s.replace(/~/g, "~0").replace(/\//g, "~1");
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export class OpenApiResponseValidator {
  private readonly ajv: Ajv2020;
  private readonly operations = new Map<string, Operation[]>();
  private readonly compiled = new Map<string, ValidateFunction>();
  /** every header name the document declares on some response (lowercase) */
  private readonly contractHeaders = new Set<string>();
  private readonly basePath: string;

  constructor(private readonly doc: oas31.OpenAPIObject) {
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    addFormats(this.ajv);
    this.ajv.addSchema(doc as object, DOC_ID);
    this.basePath = new URL(doc.servers?.[0]?.url ?? "/", "http://x").pathname.replace(/\/$/, "");
    for (const [template, item] of Object.entries(doc.paths ?? {})) {
      const pattern = template
        .split(/(\{[^}]+\})/)
        .map((part) => (part.startsWith("{") ? "([^/]+)" : escapeRegex(part)))
        .join("");
      for (const method of METHODS) {
        const operation = (item as Record<string, oas31.OperationObject | undefined>)[method];
        if (!operation) continue;
        for (const response of Object.values(operation.responses ?? {})) {
          for (const name of Object.keys((response as oas31.ResponseObject).headers ?? {})) {
            this.contractHeaders.add(name.toLowerCase());
          }
        }
        const list = this.operations.get(method) ?? [];
        list.push({
          template,
          regex: new RegExp(`^${pattern}$`), // exact, as the router matches
          literals: template.replace(/\{[^}]+\}/g, "").length,
          pointer: `/paths/${escapePointer(template)}/${method}`,
          operation,
        });
        // the most specific template first, as the router would match
        list.sort((a, b) => b.literals - a.literals);
        this.operations.set(method, list);
      }
    }
  }

  /** The problems of one response; null when the request is not an operation of the document. */
  problems(method: string, url: string, res: ResponseLike): string[] | null {
    const pathname = new URL(url, "http://x").pathname;
    if (!pathname.startsWith(`${this.basePath}/`)) return null;
    const path = pathname.slice(this.basePath.length);
    const op = this.operations.get(method.toLowerCase())?.find((o) => o.regex.test(path));
    if (!op) return null;

    const responses = op.operation.responses ?? {};
    const status = String(res.status);
    const key = [status, `${status[0]}XX`, "default"].find((k) => k in responses);
    if (!key) {
      return [`status ${status} is not declared (declared: ${Object.keys(responses).join(", ")})`];
    }
    const pointer = `${op.pointer}/responses/${escapePointer(key)}`;
    const response = this.resolve<oas31.ResponseObject>(responses[key]);
    return [...this.headerProblems(pointer, response, res), ...this.bodyProblems(pointer, response, res)];
  }

  /** Throws when the response breaks the document (for a supertest `.expect(fn)`). */
  assertResponse(method: string, url: string, res: ResponseLike): void {
    const found = this.problems(method, url, res);
    if (found?.length) {
      const path = new URL(url, "http://x").pathname;
      throw new Error(
        `${method.toUpperCase()} ${path} → ${res.status} breaks the OpenAPI document:\n  ${found.join("\n  ")}\n` +
          `body: ${JSON.stringify(res.body)?.slice(0, 2000)}`,
      );
    }
  }

  /**
   * The problems of one request the service sends to a webhook endpoint (the document's `webhooks`
   * section): its headers (names case-insensitive) and its raw JSON body.
   */
  webhookProblems(event: string, headers: Record<string, string>, body: string): string[] {
    const operation = (this.doc.webhooks?.[event] as { post?: oas31.OperationObject } | undefined)?.post;
    if (!operation) return [`the document has no webhook ${event}`];
    const problems: string[] = [];
    const sent = new Map(Object.entries(headers).map(([n, v]) => [n.toLowerCase(), v]));
    const pointer = `/webhooks/${escapePointer(event)}/post`;
    (operation.parameters ?? []).forEach((paramOrRef, i) => {
      const param = this.resolve<oas31.ParameterObject>(paramOrRef);
      if (param.in !== "header") return;
      const value = sent.get(param.name.toLowerCase());
      if (value === undefined) {
        if (param.required) problems.push(`required header ${param.name} is missing`);
        return;
      }
      const validate = this.compile(`${pointer}/parameters/${i}/schema`);
      if (!validate(value))
        problems.push(
          `header ${param.name}: ${JSON.stringify(value)} ${this.ajv.errorsText(validate.errors)}`,
        );
    });
    const validate = this.compile(`${pointer}/requestBody/content/application~1json/schema`);
    if (!validate(JSON.parse(body))) {
      for (const e of validate.errors ?? [])
        problems.push(`body${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
    }
    return problems;
  }

  private headerProblems(pointer: string, response: oas31.ResponseObject, res: ResponseLike): string[] {
    const problems: string[] = [];
    const declared = new Set<string>();
    for (const [name, headerOrRef] of Object.entries(response.headers ?? {})) {
      declared.add(name.toLowerCase());
      const header = this.resolve<oas31.HeaderObject>(headerOrRef);
      const raw = res.headers[name.toLowerCase()];
      const value = Array.isArray(raw) ? raw.join(", ") : raw;
      if (value === undefined) {
        if (header.required) problems.push(`required header ${name} is missing`);
        continue;
      }
      // a header by $ref: its schema sits in components.headers
      const ref = (headerOrRef as { $ref?: string }).$ref;
      const at = ref ? ref.slice(1) : `${pointer}/headers/${escapePointer(name)}`;
      const schema = this.resolve<oas31.SchemaObject>(header.schema ?? {});
      const numeric = schema.type === "integer" || schema.type === "number";
      const validate = this.compile(`${at}/schema`);
      if (!validate(numeric && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value)) {
        problems.push(`header ${name}: ${JSON.stringify(value)} ${this.ajv.errorsText(validate.errors)}`);
      }
    }
    for (const name of Object.keys(res.headers)) {
      if (this.contractHeaders.has(name.toLowerCase()) && !declared.has(name.toLowerCase())) {
        problems.push(`header ${name} is sent but not declared on this response`);
      }
    }
    return problems;
  }

  private bodyProblems(pointer: string, response: oas31.ResponseObject, res: ResponseLike): string[] {
    const content = response.content ?? {};
    const types = Object.keys(content);
    if (types.length === 0) return [];
    const contentType =
      String(res.headers["content-type"] ?? "")
        .split(";")[0]
        ?.trim() ?? "";
    if (!types.includes(contentType))
      return [`content-type ${contentType || "(none)"} is not one of ${types}`];
    // a binary body (OTLP/protobuf, a log tile): its schema says only that it is bytes; the route's tests decode it
    if (contentType === "application/x-protobuf" || contentType === "application/octet-stream") return [];
    const validate = this.compile(`${pointer}/content/${escapePointer(contentType)}/schema`);
    if (contentType === "text/plain") {
      return validate(res.text ?? "") ? [] : [`text ${validate.errors?.[0]?.message ?? "invalid"}`];
    }
    if (contentType === "application/x-ndjson") {
      // a stream of JSON lines: the schema is each line's
      const text = res.text ?? "";
      return text
        .split("\n")
        .filter((line) => line !== "")
        .flatMap((line, i) =>
          validate(JSON.parse(line))
            ? []
            : (validate.errors ?? []).map((e) => `line ${i + 1}${e.instancePath} ${e.message}`),
        );
    }
    if (validate(res.body)) return [];
    return (validate.errors ?? []).map(
      (e) => `body${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`,
    );
  }

  private compile(pointer: string): ValidateFunction {
    let validate = this.compiled.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `${DOC_ID}#${pointer}` });
      this.compiled.set(pointer, validate);
    }
    return validate;
  }

  private resolve<T>(value: unknown): T {
    let current = value as { $ref?: string };
    while (current && typeof current.$ref === "string" && current.$ref.startsWith("#/")) {
      current = current.$ref
        .slice(2)
        .split("/")
        .map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"))
        .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], this.doc) as {
        $ref?: string;
      };
    }
    return current as T;
  }
}

let shared: OpenApiResponseValidator | undefined;

/** One validator per test process, over the document the app serves. */
export function openApiValidator(): OpenApiResponseValidator {
  shared ??= new OpenApiResponseValidator(buildOpenApiDocument(v1Routes));
  return shared;
}

interface SupertestLike {
  method: string;
  url: string;
  expect(fn: (res: ResponseLike) => void): unknown;
}

/**
 * Wraps a supertest agent so every request it makes checks its response against the document
 * (a supertest `.expect(fn)` assertion: a failure rejects the awaited request).
 */
export function validatingAgent<T extends object>(agent: T, validator = openApiValidator()): T {
  return new Proxy(agent, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof prop !== "string" || !METHODS.has(prop) || typeof value !== "function") return value;
      return (...args: unknown[]) => {
        const test = (value as (...a: unknown[]) => SupertestLike).apply(target, args);
        test.expect((res) => validator.assertResponse(test.method, test.url, res));
        return test;
      };
    },
  });
}
