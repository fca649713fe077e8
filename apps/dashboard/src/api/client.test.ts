import { QueryClient } from "@tanstack/react-query";
import { fetchDouble } from "../testing/fetch-double";
import { createApiClient } from "./client";
import { ApiError, unwrap } from "./errors";
import { queryKeys } from "./query-keys";

const keyList = { status: 200, body: { data: [], next_cursor: null } };
const revoked = { status: 200, body: { key_id: "key_1", status: "revoked" } };

function setup(session: { csrf_token: string } | null) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(queryKeys.session, session);
  const double = fetchDouble([
    { method: "GET", path: "/keys", reply: () => keyList },
    { method: "POST", path: "/keys/key_1/revoke", reply: () => revoked },
    {
      method: "DELETE",
      path: "/webhooks/wh_1",
      reply: () => ({
        status: 403,
        body: { error: { code: "CSRF_TOKEN_INVALID", message: "Missing CSRF token", request_id: "req_42" } },
      }),
    },
  ]);
  const api = createApiClient(queryClient, { origin: "http://localhost", fetch: double.fetch });
  return { api, double, queryClient };
}

describe("the API client", () => {
  it("sends the session's CSRF token on state-changing requests, from the query cache", async () => {
    const { api, double, queryClient } = setup({ csrf_token: "csrf-1" });
    await unwrap(api.POST("/keys/{key_id}/revoke", { params: { path: { key_id: "key_1" } } }));
    expect(double.callsTo("POST", "/keys/key_1/revoke")[0]?.headers.get("x-csrf-token")).toBe("csrf-1");

    // a rotated session (password change) is used from the next request on
    queryClient.setQueryData(queryKeys.session, { csrf_token: "csrf-2" });
    await unwrap(api.POST("/keys/{key_id}/revoke", { params: { path: { key_id: "key_1" } } }));
    expect(double.callsTo("POST", "/keys/key_1/revoke")[1]?.headers.get("x-csrf-token")).toBe("csrf-2");
  });

  it("sends no token on reads, and none without a session", async () => {
    const signedIn = setup({ csrf_token: "csrf-1" });
    await unwrap(signedIn.api.GET("/keys"));
    expect(signedIn.double.callsTo("GET", "/keys")[0]?.headers.has("x-csrf-token")).toBe(false);

    const signedOut = setup(null);
    await unwrap(signedOut.api.POST("/keys/{key_id}/revoke", { params: { path: { key_id: "key_1" } } }));
    expect(signedOut.double.calls[0]?.headers.has("x-csrf-token")).toBe(false);
  });

  it("turns the error envelope into an ApiError with the API's code, message and request id", async () => {
    const { api } = setup({ csrf_token: "csrf-1" });
    const failure = unwrap(api.DELETE("/webhooks/{id}", { params: { path: { id: "wh_1" } } }));
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      status: 403,
      code: "CSRF_TOKEN_INVALID",
      message: "Missing CSRF token",
      requestId: "req_42",
    });
  });

  it("reports an unreachable API in words", async () => {
    const queryClient = new QueryClient();
    const api = createApiClient(queryClient, {
      origin: "http://localhost",
      fetch: async () => {
        throw new TypeError("fetch failed");
      },
    });
    await expect(unwrap(api.GET("/keys"))).rejects.toMatchObject({ code: "NETWORK_ERROR", status: 0 });
  });
});
