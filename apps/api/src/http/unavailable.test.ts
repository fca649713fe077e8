import { EnqueueError } from "@ctxlog/jobs";
import { isServiceUnavailable } from "./unavailable";

const withCode = (code: string, message = "x") => Object.assign(new Error(message), { code });

describe("isServiceUnavailable", () => {
  it.each([
    ["pg's query_timeout", new Error("Query read timeout")],
    ["pg's connect timeout", new Error("Connection terminated due to connection timeout")],
    ["the pool's wait for a connection", new Error("timeout exceeded when trying to connect")],
    ["a client closed after a timeout", new Error("Client was closed and is not queryable")],
    ["PostgreSQL's statement_timeout", withCode("57014", "canceling statement due to statement timeout")],
    [
      "a statement timeout as Prisma reports a raw query's",
      withCode(
        "P2010",
        "Raw query failed. Code: `57014`. Message: `canceling statement due to statement timeout`",
      ),
    ],
    ["idle_in_transaction_session_timeout", withCode("25P03")],
    ["a Prisma transaction that could not start in time", withCode("P2028")],
    ["ioredis' commandTimeout", new Error("Command timed out")],
    ["a Redis Cluster not ready", new Error("Cluster isn't ready and enableOfflineQueue options is false")],
    ["a slot without a master", new Error("CLUSTERDOWN The cluster is down")],
    ["a Redis Cluster out of reach", new Error("Failed to refresh slots cache.")],
    ["an enqueue that timed out", new EnqueueError("enqueue anchorContexts timed out")],
    ["a cause further down", new Error("outer", { cause: new Error("Query read timeout") })],
  ])("%s is a 503", (_, err) => {
    expect(isServiceUnavailable(err)).toBe(true);
  });

  it.each([
    ["a bug", new TypeError("cannot read properties of undefined")],
    ["a unique violation", withCode("23505", "duplicate key value violates unique constraint")],
    [
      "a raw query's syntax error",
      withCode("P2010", "Raw query failed. Code: `42601`. Message: `syntax error`"),
    ],
  ])("%s is not", (_, err) => {
    expect(isServiceUnavailable(err)).toBe(false);
  });
});
