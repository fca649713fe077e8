/** @jest-environment ./apps/dashboard/src/testing/jsdom-environment.js */
import { VERIFICATION_CHECK_NAMES } from "@ctxlog/core";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Verification } from "../../api/schema";
import { fetchDouble } from "../../testing/fetch-double";
import { renderApp, SESSION } from "../../testing/render";

// an erased context's verification as the API gives it: the two data checks did not run
const erased: Verification = {
  verification_id: "vrf_1",
  context_id: "ctx_1",
  transaction_hash: `0x${"12".repeat(32)}`,
  verdict: "verified_data_unavailable",
  verified: true,
  data_erased: true,
  agent_id: "planner",
  context_hash: `0x${"34".repeat(32)}`,
  signature_valid: true,
  hash_matches: false,
  block_number: 12,
  confirmations: 3,
  verification_time_ms: 40,
  checks: VERIFICATION_CHECK_NAMES.map((name, i) =>
    i < 2
      ? { name, status: "not_run", ok: false, reason: "unavailable: the context's data was erased" }
      : { name, status: "passed", ok: true, reason: `${name} holds` },
  ),
  created_at: "2026-11-29T12:00:00.000Z",
};

function api() {
  return fetchDouble([
    { method: "GET", path: "/verifications/vrf_1", reply: () => ({ status: 200, body: erased }) },
    {
      method: "GET",
      path: "/verifications",
      reply: () => ({ status: 200, body: { data: [erased], next_cursor: null } }),
    },
  ]);
}

describe("a verification of an erased context", () => {
  it("reads verified · data erased, and its data checks read not run, never failed", async () => {
    renderApp("/verifications/vrf_1", { fetch: api().fetch, session: SESSION });
    expect(await screen.findByText("verified · data erased")).toBeTruthy();
    const checks = screen.getByRole("table", { name: "Checks" });
    expect(within(checks).getAllByText("not run")).toHaveLength(2);
    expect(within(checks).getAllByText("passed")).toHaveLength(7);
    expect(within(checks).queryByText("failed")).toBeNull();
    expect(screen.getByText("not run (data erased)")).toBeTruthy(); // "Hash matches", not "no"
    expect(screen.queryByText("verified")).toBeNull(); // never plain verified
  });

  it("shows its hashes short, whole on hover and in the copy, and links its context", async () => {
    const user = userEvent.setup();
    renderApp("/verifications/vrf_1", { fetch: api().fetch, session: SESSION });
    const hash = await screen.findByText("0x3434…3434");
    expect(hash.getAttribute("title")).toBe(erased.context_hash);
    expect(screen.getByText("0x1212…1212").getAttribute("title")).toBe(erased.transaction_hash);
    await user.click(screen.getByRole("button", { name: "Copy transaction hash" }));
    expect(await navigator.clipboard.readText()).toBe(erased.transaction_hash);
    await user.click(screen.getByRole("button", { name: "Copy verification id" }));
    expect(await navigator.clipboard.readText()).toBe("vrf_1");
    expect(screen.getByRole("link", { name: "ctx_1" }).getAttribute("href")).toBe("/contexts/ctx_1");
  });

  it("the list says the same", async () => {
    renderApp("/verifications", { fetch: api().fetch, session: SESSION });
    expect(await screen.findByText("verified · data erased")).toBeTruthy();
    expect(screen.queryByText("verified")).toBeNull();
  });
});
