/** @jest-environment ./apps/dashboard/src/testing/jsdom-environment.js */
import { screen, within } from "@testing-library/react";
import { fetchDouble } from "../../testing/fetch-double";
import { renderApp, SESSION } from "../../testing/render";
import { durationWords, nanosToIso } from "./AgentTraces";

const trace = (n: number, errors: number) => ({
  trace_id: String(n).repeat(32).slice(0, 32),
  span_count: 4,
  error_spans: errors,
  root_span_name: `invoke_agent ${n}`,
  root_context_id: `ctx_${n}`,
  start_time_unix_nano: "1764201600000000000",
  end_time_unix_nano: "1764201603200000000",
  first_received_at: "2026-11-27T00:00:00.000Z",
  last_received_at: "2026-11-27T00:00:01.000Z",
  models: n === 1 ? ["gpt-4o", "claude-3-5-sonnet"] : [],
  input_tokens: n === 1 ? 1234 : null,
  output_tokens: n === 1 ? 56 : null,
});

describe("an agent's traces", () => {
  it("lists each trace with its root span linking to the tree, span count, duration and errors", async () => {
    const api = fetchDouble([
      {
        method: "GET",
        path: "/agents/planner-7",
        reply: () => ({
          status: 200,
          body: {
            agent_id: "planner-7",
            head_sequence: 1,
            head_entry_hash: `0x${"1".repeat(64)}`,
            counts: { pending: 1, confirmed: 0, failed: 0 },
            first_activity_at: "2026-11-26T10:00:00.000Z",
            last_activity_at: "2026-11-26T11:00:00.000Z",
          },
        }),
      },
      {
        method: "GET",
        path: "/agents/planner-7/traces",
        reply: () => ({ status: 200, body: { data: [trace(2, 0), trace(1, 2)], next_cursor: null } }),
      },
    ]);
    renderApp("/agents/planner-7", { fetch: api.fetch, session: SESSION });
    const table = await screen.findByRole("table", { name: "Traces" }, {});
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    const second = rows[1] as HTMLElement;
    expect(within(second).getByRole("link", { name: "invoke_agent 1" }).getAttribute("href")).toBe(
      "/contexts/ctx_1",
    );
    expect(within(second).getByText("2 errors")).toBeTruthy();
    expect(within(second).getByText("3.2 s")).toBeTruthy();
    expect(within(second).getByText("gpt-4o, claude-3-5-sonnet")).toBeTruthy();
    expect(within(second).getByText("1,234 in / 56 out")).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText("no error")).toBeTruthy();
  });

  it("reads span times in nanoseconds exactly", () => {
    expect(nanosToIso("1764201600123456789")).toBe("2025-11-27T00:00:00.123Z");
    const at = (start: string, end: string) => ({ start_time_unix_nano: start, end_time_unix_nano: end });
    expect(durationWords(at("1000000000", "1250000000"))).toBe("250 ms");
    expect(durationWords(at("0", "125000000000"))).toBe("2 min 5 s");
    expect(durationWords(at("0", "0"))).toBe("0 ms");
    expect(durationWords({ start_time_unix_nano: null, end_time_unix_nano: null })).toBe("—");
  });
});
