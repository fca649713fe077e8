/** @jest-environment ./apps/dashboard/src/testing/jsdom-environment.js */
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { fetchDouble } from "../../testing/fetch-double";
import { renderApp, SESSION } from "../../testing/render";
import { bucketWords } from "./OverviewPage";

const overview = {
  contexts_by_status: { pending: 0, confirmed: 5, failed: 0 },
  contexts_per_minute: [],
  avg_confirmation_seconds: 3,
  chain: {
    network: "anvil",
    chain_id: 31337,
    head_block: 10,
    signer_address: "0x0000000000000000000000000000000000000001",
    anchor_address: null,
    anchor_balance_wei: null,
    batches_waiting: 0,
  },
  anchoring: { state: "ok", behind_seconds: 0, threshold_seconds: 60, reason: null, reported_at: null },
  webhooks_by_status: { active: 0, failing: 0, disabled: 0 },
  webhooks_by_health: { active: 0, degraded: 0, failing: 0, disabled: 0 },
  deliveries_failed_24h: 0,
};

describe("the overview's range", () => {
  it("the range picker asks for another window and the chart and latency follow it", async () => {
    const api = fetchDouble([
      { method: "GET", path: "/overview", reply: () => ({ status: 200, body: overview }) },
      {
        method: "GET",
        path: "/overview/series",
        reply: (request) => {
          const span =
            Date.parse(request.query.get("until") ?? "") - Date.parse(request.query.get("since") ?? "");
          const week = span > 86_400_000;
          return {
            status: 200,
            body: {
              since: request.query.get("since"),
              until: request.query.get("until"),
              bucket_seconds: week ? 10_800 : 60,
              points: [
                {
                  start: "2026-11-26T10:00:00.000Z",
                  received: week ? 40 : 2,
                  confirmed: 2,
                  p50_seconds: 2,
                  p95_seconds: week ? 30 : 4,
                },
                {
                  start: "2026-11-26T10:01:00.000Z",
                  received: 1,
                  confirmed: 0,
                  p50_seconds: null,
                  p95_seconds: null,
                },
              ],
            },
          };
        },
      },
    ]);
    const user = userEvent.setup();
    renderApp("/", { fetch: api.fetch, session: SESSION });
    const chart = await screen.findByRole(
      "img",
      { name: /^Contexts received per minute, last hour: 3 in total/ },
      {},
    );
    expect(chart).toBeTruthy();
    expect(
      screen.getByText("Confirmation time: p50 around 2.0 s, p95 at most 4.0 s in this range."),
    ).toBeTruthy();

    await user.click(screen.getByRole("radio", { name: "7 d" }));
    expect(
      await screen.findByRole(
        "img",
        { name: /^Contexts received per 3 hours, last 7 days: 41 in total/ },
        {},
      ),
    ).toBeTruthy();
    expect(
      screen.getByText("Confirmation time: p50 around 2.0 s, p95 at most 30.0 s in this range."),
    ).toBeTruthy();
    const last = api.callsTo("GET", "/overview/series").at(-1)?.query;
    expect(Date.parse(last?.get("until") ?? "") - Date.parse(last?.get("since") ?? "")).toBe(7 * 86_400_000);
  });

  it("a custom range is checked, asked for, and kept in the URL", async () => {
    const api = fetchDouble([
      { method: "GET", path: "/overview", reply: () => ({ status: 200, body: overview }) },
      {
        method: "GET",
        path: "/overview/series",
        reply: (request) => ({
          status: 200,
          body: {
            since: request.query.get("since"),
            until: request.query.get("until"),
            bucket_seconds: 900,
            points: [
              {
                start: "2026-11-20T09:00:00.000Z",
                received: 7,
                confirmed: 7,
                p50_seconds: 2,
                p95_seconds: 3,
              },
            ],
          },
        }),
      },
    ]);
    const user = userEvent.setup();
    const { router } = renderApp("/", { fetch: api.fetch, session: SESSION });
    await screen.findByRole("img", { name: /^Contexts received per / }, {});
    await user.click(screen.getByRole("radio", { name: "Custom" }));
    // the fields name their zone: UTC until the person picks local time
    const from = screen.getByLabelText("From (UTC)");
    const to = screen.getByLabelText("To (UTC)");
    await user.clear(from);
    await user.type(from, "2026-11-20 12:00:00");
    await user.clear(to);
    await user.type(to, "2026-11-20 09:00:00");
    await user.click(screen.getByRole("button", { name: "Apply range" }));
    expect(await screen.findByText("The end must be after the start.")).toBeTruthy();
    expect(router.state.location.search).toBe("");

    await user.clear(from);
    await user.type(from, "2026-11-20 08:00:00");
    await user.click(screen.getByRole("button", { name: "Apply range" }));
    const since = "2026-11-20T08:00:00.000Z";
    const until = "2026-11-20T09:00:00.000Z";
    expect(
      await screen.findByRole("img", { name: /^Contexts received per 15 minutes, .+ to .+: 7 in total/ }, {}),
    ).toBeTruthy();
    const last = api.callsTo("GET", "/overview/series").at(-1)?.query;
    expect([last?.get("since"), last?.get("until")]).toEqual([since, until]);
    const search = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(search)).toEqual({ range: "custom", from: since, to: until });
  });

  it("names bucket sizes in words", () => {
    expect([60, 900, 3600, 10_800, 86_400].map(bucketWords)).toEqual([
      "minute",
      "15 minutes",
      "hour",
      "3 hours",
      "day",
    ]);
  });
});
