/** @jest-environment ./apps/dashboard/src/testing/jsdom-environment.js */
import { screen, within } from "@testing-library/react";
import type { Overview } from "../api/schema";
import { fetchDouble } from "../testing/fetch-double";
import { renderApp, SESSION } from "../testing/render";
import { agoWords, glanceOf } from "./AnchoringIndicator";

const NOW = Date.parse("2026-11-29T12:00:00.000Z");
const anchoring = (over: Partial<Overview["anchoring"]> = {}): Overview["anchoring"] => ({
  state: "ok",
  behind_seconds: 3,
  threshold_seconds: 60,
  reason: null,
  reported_at: "2026-11-29T11:59:58.000Z",
  last_anchored_at: "2026-11-29T11:59:48.000Z",
  ...over,
});

describe("anchoring at a glance", () => {
  it("says ok, stalled or failing (a refused chain worker fails too), with the last batch and the lag", () => {
    expect(glanceOf(anchoring(), NOW)).toEqual({
      state: "ok",
      last: "12 s ago",
      lag: "3 s",
      label: "Anchoring ok: last batch confirmed 12 s ago, oldest pending context 3 s old.",
    });
    const stalled = glanceOf(
      anchoring({ state: "stalled", behind_seconds: 250, reason: "RPC timeout" }),
      NOW,
    );
    expect(stalled.state).toBe("stalled");
    expect(stalled.label).toBe(
      "Anchoring stalled: last batch confirmed 12 s ago, oldest pending context 4 min 10 s old. RPC timeout",
    );
    expect(glanceOf(anchoring({ state: "failing" }), NOW).state).toBe("failing");
    expect(glanceOf(anchoring({ state: "wrong_chain" }), NOW).state).toBe("failing");
    expect(glanceOf(anchoring({ state: "unknown", last_anchored_at: null }), NOW)).toMatchObject({
      state: "unknown",
      last: "never",
    });
    expect(agoWords("2026-11-29T10:30:00.000Z", NOW)).toBe("1 h 30 min ago");
  });

  it("shows in the header of every page, linking to the overview", async () => {
    const api = fetchDouble([
      {
        method: "GET",
        path: "/anchoring/status",
        reply: () => ({
          status: 200,
          body: anchoring({ state: "failing", reason: "The last batch failed." }),
        }),
      },
      {
        method: "GET",
        path: "/verifications",
        reply: () => ({ status: 200, body: { data: [], next_cursor: null } }),
      },
    ]);
    renderApp("/verifications", { fetch: api.fetch, session: SESSION });
    const header = await screen.findByRole("banner");
    const link = await within(header).findByRole("link", {
      name: /^Anchoring failing: last batch confirmed/,
    });
    expect(link.getAttribute("href")).toBe("/");
    expect(link.textContent).toContain("The last batch failed.");
    expect(link.textContent).toContain("failing");
    // the header asks for anchoring's status alone, never for the whole overview
    expect(api.callsTo("GET", "/anchoring/status")).toHaveLength(1);
    expect(api.callsTo("GET", "/overview")).toHaveLength(0);
  });
});
