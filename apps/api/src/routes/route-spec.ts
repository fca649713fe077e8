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
  /**
   * omitted: an API key or a dashboard session (which acts as a full key); "session": a dashboard
   * session only (API keys get 403); "none": no credentials (sign-in and setup, with their own limits)
   */
  auth?: "session" | "none";
  body?: z.ZodType;
  /** false: the body may be left out (default true when there is a body) */
  bodyRequired?: boolean;
  query?: z.ZodType;
  params?: z.ZodObject;
  headers?: z.ZodObject;
  success: {
    status: number;
    description: string;
    /** omitted for 204 No Content */
    schema?: z.ZodType;
    /** headers this route sets on its success response, beyond the ones every response has */
    headers?: SuccessHeader[];
  };
  /**
   * error statuses beyond the ones the document derives (401, 429 and 503 everywhere; 403 with a
   * permission; 400 and 404 with path params; 400 with a query; 400, 413 and 415 on POST and PUT)
   */
  errors: number[];
  handler: (deps: ApiDeps) => RequestHandler;
}

/** A header a route sets on its success response (see openapi/headers.ts). */
export interface SuccessHeader {
  name: "Location" | "Idempotent-Replayed" | "Set-Cookie";
  required: boolean;
  description: string;
}
