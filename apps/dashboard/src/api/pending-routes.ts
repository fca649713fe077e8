/**
 * TEMPORARY — delete this file once apps/api/openapi.json has the dashboard routes.
 *
 * The auth, accounts, keys and overview routes of /work/dashboard-contract.md, written by hand in the
 * shape openapi-typescript generates, because the API that serves them was being built at the same
 * time. When the API's snapshot lands: `npm run api-types -w apps/dashboard`, delete this file, and
 * in ./schema.ts drop the `& PendingPaths` / `& PendingSchemas` intersections; the compiler then
 * points at any hook whose shapes differ.
 */

type Json<T> = { content: { "application/json": T } };
type NoParams = { query?: never; header?: never; path?: never; cookie?: never };
type ErrorBody = Json<PendingSchemas["Error"]> & { headers: { [name: string]: unknown } };
type Ok<T> = Json<T> & { headers: { [name: string]: unknown } };
type NoContent = { headers: { [name: string]: unknown }; content?: never };
type Errors = {
  400: ErrorBody;
  401: ErrorBody;
  403: ErrorBody;
  404: ErrorBody;
  409: ErrorBody;
  429: ErrorBody;
};

type Op<Params, Body, Responses> = { parameters: Params; responses: Responses & Errors } & ([Body] extends [
  never,
]
  ? { requestBody?: never }
  : { requestBody: Json<Body> });
type Path<Methods> = { parameters: NoParams } & Methods;

export interface PendingSchemas {
  Error: {
    error: {
      code:
        | "INVALID_CREDENTIALS"
        | "INVALID_SESSION"
        | "CSRF_TOKEN_INVALID"
        | "INVALID_API_KEY"
        | "INSUFFICIENT_PERMISSIONS"
        | "RATE_LIMIT_EXCEEDED"
        | "VALIDATION_ERROR"
        | "NOT_FOUND"
        | "CONFLICT"
        | "SERVICE_UNAVAILABLE"
        | "INTERNAL_ERROR";
      message: string;
      request_id: string;
    };
  };
  Account: {
    account_id: string;
    email: string;
    user_id: string;
    created_at: string;
    last_sign_in_at: string | null;
  };
  DashboardSession: { account: PendingSchemas["Account"]; csrf_token: string; expires_at: string };
  AccountListItem: {
    account_id: string;
    email: string;
    created_at: string;
    last_sign_in_at: string | null;
    status: "active" | "invited";
  };
  AccountList: { data: PendingSchemas["AccountListItem"][]; next_cursor: string | null };
  Invitation: { account_id: string; email: string; link: string; expires_at: string };
  ApiKey: {
    key_id: string;
    name: string | null;
    type: "full" | "read_only" | "public" | "restricted";
    display_prefix: string;
    plan: string;
    agent_patterns: string[];
    created_at: string;
    last_used_at: string | null;
    expires_at: string | null;
    revoked_at: string | null;
    status: "active" | "revoked" | "expired";
  };
  ApiKeyList: { data: PendingSchemas["ApiKey"][]; next_cursor: string | null };
  CreatedApiKey: PendingSchemas["ApiKey"] & { key: string };
  RolledApiKey: PendingSchemas["ApiKey"] & { key: string; previous: PendingSchemas["ApiKey"] };
  Overview: {
    contexts_by_status: { pending: number; confirmed: number; failed: number };
    contexts_per_minute: { minute: string; count: number }[];
    avg_confirmation_seconds: number | null;
    chain: {
      network: string;
      chain_id: number | null;
      head_block: number | null;
      signer_address: string;
      signer_balance_wei: string | null;
      batches_waiting: number;
    };
    webhooks_by_status: { active: number; failing: number };
    deliveries_failed_24h: number;
  };
}

type S = PendingSchemas;
type Paging = { query?: { limit?: number; cursor?: string } } & Omit<NoParams, "query">;
type KeyIdPath = Omit<NoParams, "path"> & { path: { key_id: string } };

export interface PendingPaths {
  "/auth/setup": Path<{
    post: Op<NoParams, { token: string; password: string }, { 200: Ok<S["DashboardSession"]> }>;
  }>;
  "/auth/sign-in": Path<{
    post: Op<NoParams, { email: string; password: string }, { 200: Ok<S["DashboardSession"]> }>;
  }>;
  "/auth/session": Path<{ get: Op<NoParams, never, { 200: Ok<S["DashboardSession"]> }> }>;
  "/auth/sign-out": Path<{ post: Op<NoParams, never, { 204: NoContent }> }>;
  "/auth/sign-out-everywhere": Path<{ post: Op<NoParams, never, { 204: NoContent }> }>;
  "/auth/password": Path<{
    post: Op<
      NoParams,
      { current_password: string; new_password: string },
      { 200: Ok<S["DashboardSession"]> }
    >;
  }>;
  "/accounts": Path<{ get: Op<Paging, never, { 200: Ok<S["AccountList"]> }> }>;
  "/accounts/invitations": Path<{ post: Op<NoParams, { email: string }, { 201: Ok<S["Invitation"]> }> }>;
  "/keys": Path<{
    get: Op<
      Omit<Paging, "query"> & {
        query?: { limit?: number; cursor?: string; status?: "active" | "revoked" | "expired" };
      },
      never,
      { 200: Ok<S["ApiKeyList"]> }
    >;
    post: Op<
      NoParams,
      {
        type: S["ApiKey"]["type"];
        name?: string;
        agent_patterns?: string[];
        expires_in_days?: number;
      },
      { 201: Ok<S["CreatedApiKey"]> }
    >;
  }>;
  "/keys/{key_id}/revoke": Path<{ post: Op<KeyIdPath, never, { 200: Ok<S["ApiKey"]> }> }>;
  "/keys/{key_id}/roll": Path<{
    post: Op<KeyIdPath, { overlap_hours?: number }, { 201: Ok<S["RolledApiKey"]> }>;
  }>;
  "/overview": Path<{ get: Op<NoParams, never, { 200: Ok<S["Overview"]> }> }>;
}
