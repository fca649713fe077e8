import type { Operation } from "@ctxlog/core";
import type { RequestHandler } from "express";
import type { z } from "zod";
import type { ApiDeps } from "../deps";

/**
 * One entry per /v1 route. The router and the OpenAPI document are both built from this table,
 * with the same zod schemas the handlers validate with, so the document cannot drift.
 */
export interface RouteSpec {
  method: "get" | "post" | "put" | "delete";
  /** express-style path under /v1, e.g. `/contexts/:id` */
  path: string;
  operationId: string;
  summary: string;
  tag: string;
  /** omitted: any valid key */
  permission?: Operation;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodObject;
  headers?: z.ZodObject;
  success: { status: number; description: string; schema: z.ZodType };
  /** error statuses beyond the ones every authenticated route has (401, 429, 503) */
  errors: number[];
  handler: (deps: ApiDeps) => RequestHandler;
}
