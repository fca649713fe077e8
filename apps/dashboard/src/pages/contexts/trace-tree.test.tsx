/** @jest-environment ./apps/dashboard/src/testing/jsdom-environment.js */
import { screen, within } from "@testing-library/react";
import { fetchDouble } from "../../testing/fetch-double";
import { renderApp, SESSION } from "../../testing/render";

const TRACE = "5b8efff798038103d269b633813fc60c";
const T0 = 1764201600000000000n;
const record = (
  id: string,
  spanId: string,
  parent: string,
  name: string,
  attributes: Record<string, unknown>,
  code = "ok",
  // start and end, in ms after the trace's first start
  [startMs, endMs] = [0, 0],
) => ({
  context_id: id,
  agent_id: "weather-agent",
  status: "confirmed",
  visibility: "private",
  context_hash: "0xhash",
  signature: "0xsig",
  signer_address: "0xSigner",
  transaction_hash: "0xtx",
  network: "anvil",
  confirmations: 3,
  block_number: 12,
  block_timestamp: "2026-11-26T10:00:03.000Z",
  gas_used: 1,
  confirmation_time_seconds: 3,
  created_at: "2026-11-26T10:00:00.000Z",
  estimated_confirmation: "2026-11-26T10:00:05.000Z",
  context_data: {
    trace_id: TRACE,
    span_id: spanId,
    parent_span_id: parent,
    name,
    start_time_unix_nano: String(T0 + BigInt(startMs) * 1_000_000n),
    end_time_unix_nano: String(T0 + BigInt(endMs) * 1_000_000n),
    status: { code, message: code === "error" ? "upstream timeout" : "" },
    attributes,
  },
  metadata: { trace_id: TRACE, span_id: spanId },
  error: null,
  retry_possible: null,
  failure_reason: null,
  sequence: 1,
  prev_entry_hash: "0xprevious",
  entry_hash: "0xentry",
});

const agent = record(
  "ctx_10",
  "a0",
  "",
  "invoke_agent weather",
  { "gen_ai.operation.name": "invoke_agent" },
  "unset",
  [0, 2000],
);
const chat = record(
  "ctx_11",
  "a1",
  "a0",
  "chat gpt-4o",
  {
    "gen_ai.operation.name": "chat",
    "gen_ai.system": "openai",
    "gen_ai.request.model": "gpt-4o",
    "gen_ai.usage.input_tokens": "121",
    "gen_ai.usage.output_tokens": "30",
  },
  "unset",
  [100, 1300],
);
const tool = record(
  "ctx_12",
  "a2",
  "a0",
  "execute_tool get_weather",
  { "gen_ai.operation.name": "execute_tool" },
  "error",
  [1500, 1750],
);

describe("a span's context page", () => {
  it("shows its trace as a waterfall: bars by start and duration, nested, an error badge only on errors", async () => {
    const api = fetchDouble([
      { method: "GET", path: "/contexts/ctx_11", reply: () => ({ status: 200, body: chat }) },
      {
        method: "GET",
        path: "/contexts/ctx_11/proof",
        reply: () => ({ status: 200, body: { required_confirmations: 3 } }),
      },
      {
        method: "GET",
        path: "/contexts",
        reply: () => ({ status: 200, body: { data: [tool, chat, agent], next_cursor: null } }),
      },
    ]);
    renderApp("/contexts/ctx_11", { fetch: api.fetch, session: SESSION });

    const tree = await screen.findByRole("list", { name: "Spans of the trace" });
    const items = within(tree).getAllByRole("listitem");
    expect(items.map((li) => li.getAttribute("data-depth"))).toEqual(["0", "1", "1"]);
    expect(items[0]?.textContent).toContain("invoke_agent weather");
    expect(items[1]?.textContent).toContain("gpt-4o");
    expect(items[1]?.textContent).toContain("121 in / 30 out tokens");
    expect(items[1]?.getAttribute("aria-current")).toBe("true");
    expect(items[2]?.textContent).toContain("error");
    expect(items[2]?.textContent).toContain("upstream timeout");
    // unset says nothing: no badge; each span's duration, its bar placed on the trace's 2 s
    expect(within(tree).queryByText("unset")).toBeNull();
    expect(within(tree).getAllByText("error")).toHaveLength(1);
    expect(items.map((li) => li.textContent?.match(/(\d+(\.\d+)?) (ms|s)$/)?.[0])).toEqual([
      "2 s",
      "1.2 s",
      "250 ms",
    ]);
    const bars = items.map((li) => li.querySelector<HTMLElement>("[data-bar]")?.style);
    expect(bars.map((b) => [b?.left, b?.width])).toEqual([
      ["0%", "100%"],
      ["5%", "60%"],
      ["75%", "12.5%"],
    ]);
    expect(screen.getByText(/3 spans over 2 s/)).toBeTruthy();
    expect(within(tree).getByRole("link", { name: "execute_tool get_weather" }).getAttribute("href")).toBe(
      "/contexts/ctx_12",
    );
    expect(api.callsTo("GET", "/contexts")[0]?.query.get("trace_id")).toBe(TRACE);
  });
});
