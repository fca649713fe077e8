/** @jest-environment ./apps/dashboard/src/testing/jsdom-environment.js */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import {
  formatDateTime,
  setZone,
  toInputValue,
  ZONE_STORAGE_KEY,
  zoneName,
} from "../../components/time-zone";
import { fetchDouble, type RecordedRequest } from "../../testing/fetch-double";
import { renderApp, SESSION } from "../../testing/render";

afterEach(() => {
  setZone("utc");
  localStorage.clear();
});

const HEAD = 60;
const T0 = Date.parse("2026-11-26T10:00:00.000Z");
const hash = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;
// entry n received n seconds after T0; 7 erased
const entry = (sequence: number) => ({
  context_id: `ctx_${String(sequence).padStart(3, "0")}`,
  agent_id: "planner-7",
  sequence,
  entry_hash: hash(sequence),
  prev_entry_hash: hash(sequence - 1),
  status: sequence > 58 ? "pending" : "confirmed",
  created_at: new Date(T0 + sequence * 1000).toISOString(),
  data_erased_at: sequence === 7 ? "2026-11-27T00:00:00.000Z" : null,
});

/** GET /v1/contexts?agent_id=planner-7 as the API answers it: newest first, to_sequence, created_before, cursors. */
function listLog(request: RecordedRequest) {
  expect(request.query.get("agent_id")).toBe("planner-7");
  const limit = Number(request.query.get("limit"));
  let top = Number(request.query.get("cursor") ?? request.query.get("to_sequence") ?? HEAD);
  const before = request.query.get("created_before");
  if (before) top = Math.min(top, Math.ceil((Date.parse(before) - T0) / 1000) - 1);
  const sequences = Array.from({ length: Math.max(0, Math.min(limit, top)) }, (_, i) => top - i);
  const last = sequences.at(-1) ?? 1;
  return {
    status: 200,
    body: { data: sequences.map(entry), next_cursor: last > 1 ? String(last - 1) : null },
  };
}

const agent = {
  agent_id: "planner-7",
  head_sequence: HEAD,
  head_entry_hash: hash(HEAD),
  counts: { pending: 2, confirmed: 58, failed: 0 },
  first_activity_at: new Date(T0 + 1000).toISOString(),
  last_activity_at: new Date(T0 + HEAD * 1000).toISOString(),
};

function renderAgent(path = "/agents/planner-7") {
  const api = fetchDouble([
    { method: "GET", path: "/agents/planner-7", reply: () => ({ status: 200, body: agent }) },
    {
      method: "GET",
      path: "/agents/planner-7/traces",
      reply: () => ({ status: 200, body: { data: [], next_cursor: null } }),
    },
    { method: "GET", path: "/contexts", reply: listLog },
  ]);
  return { api, ...renderApp(path, { fetch: api.fetch, session: SESSION }) };
}

const logRows = async () => {
  const table = await screen.findByRole("table", { name: "Log entries" }, {});
  return within(table).getAllByRole("row").slice(1);
};
const cells = (row: HTMLElement | undefined) =>
  within(row as HTMLElement)
    .getAllByRole("cell")
    .map((cell) => cell.textContent);

describe("an agent's log", () => {
  it("is newest first, with the time received, the total, and each entry linking to its context", async () => {
    const user = userEvent.setup();
    const { api } = renderAgent();
    expect(await screen.findByText("60 entries", undefined, {})).toBeTruthy();
    let rows = await logRows();
    expect(rows).toHaveLength(25);
    expect(cells(rows[0]).slice(0, 3)).toEqual(["60", "2026-11-26 10:01:00 UTC", "pending"]);
    expect(cells(rows[1]).slice(0, 2)).toEqual(["59", "2026-11-26 10:00:59 UTC"]);
    expect(
      within(rows[0] as HTMLElement)
        .getByRole("link", { name: "ctx_060" })
        .getAttribute("href"),
    ).toBe("/contexts/ctx_060");
    expect(screen.getByText("Entries 60 to 36 shown, of 60.")).toBeTruthy();
    expect(api.callsTo("GET", "/contexts")[0]?.query.get("to_sequence")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(async () => expect(await logRows()).toHaveLength(50));
    rows = await logRows();
    expect(cells(rows[25])[0]).toBe("35");
    expect(screen.getByRole("link", { name: "Export the log (NDJSON)" }).getAttribute("href")).toBe(
      "/v1/agents/planner-7/export",
    );
  });

  it("jumps to a sequence, kept in the URL, and back to the newest", async () => {
    const user = userEvent.setup();
    const { api, router } = renderAgent();
    await logRows();
    const field = screen.getByLabelText("Jump to a sequence or a time (UTC)");
    await user.type(field, "99");
    await user.click(screen.getByRole("button", { name: "Jump" }));
    expect(await screen.findByText("The log has 60 entries.")).toBeTruthy();
    await user.clear(field);
    await user.type(field, "12");
    await user.click(screen.getByRole("button", { name: "Jump" }));
    await screen.findByText("From entry 12, newest first.");
    await waitFor(async () => expect(cells((await logRows())[0])[0]).toBe("12"));
    const rows = await logRows();
    expect(rows).toHaveLength(12);
    expect(within(rows[5] as HTMLElement).getByText("data erased")).toBeTruthy(); // entry 7
    expect(api.callsTo("GET", "/contexts").at(-1)?.query.get("to_sequence")).toBe("12");
    expect(router.state.location.search).toBe("?sequence=12");
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Back to the newest" }));
    await waitFor(async () => expect(cells((await logRows())[0])[0]).toBe("60"));
    expect(router.state.location.search).toBe("");
  });

  it("jumps to a time read in the zone shown, the whole second included", async () => {
    const user = userEvent.setup();
    const { api } = renderAgent();
    await logRows();
    const field = screen.getByLabelText("Jump to a sequence or a time (UTC)");
    await user.type(field, "11/26/2026 10:00");
    await user.click(screen.getByRole("button", { name: "Jump" }));
    expect(
      await screen.findByText("Give a sequence (a whole number) or a time: yyyy-mm-dd hh:mm:ss."),
    ).toBeTruthy();
    await user.clear(field);
    await user.type(field, "2026-11-26 10:00:30");
    await user.click(screen.getByRole("button", { name: "Jump" }));
    await screen.findByText("Received up to 2026-11-26 10:00:30 UTC, newest first.");
    await waitFor(async () => expect(cells((await logRows())[0])[0]).toBe("30"));
    expect(api.callsTo("GET", "/contexts").at(-1)?.query.get("created_before")).toBe(
      "2026-11-26T10:00:31.000Z",
    );
  });

  it("opens at the jump a link names", async () => {
    renderAgent("/agents/planner-7?at=2026-11-26T10:00:05.000Z");
    await waitFor(async () => expect(cells((await logRows())[0])[0]).toBe("5"));
    expect(screen.getByText("Received up to 2026-11-26 10:00:05 UTC, newest first.")).toBeTruthy();
  });

  // the conversion itself is tested in a zone of its own (time-range.test.ts), the browser's in
  // Chromium (test/e2e/dashboard/time-and-log.test.ts); here the toggle's wiring, in this machine's
  it("shows local time, its zone named, once the shell's toggle says so, and remembers it", async () => {
    const user = userEvent.setup();
    renderAgent();
    await logRows();
    const local = zoneName("local");
    await user.click(screen.getByRole("radio", { name: `Local (${local})` }));
    const newest = formatDateTime(T0 + 60_000, "local");
    expect(newest.endsWith(` ${local}`)).toBe(true);
    await waitFor(async () => expect(cells((await logRows())[0])[1]).toBe(newest));
    expect(localStorage.getItem(ZONE_STORAGE_KEY)).toBe("local");
    // the jump field reads local time now
    const field = screen.getByLabelText(`Jump to a sequence or a time (${local})`);
    await user.type(field, toInputValue(T0 + 30_000, "local"));
    await user.click(screen.getByRole("button", { name: "Jump" }));
    await waitFor(async () => expect(cells((await logRows())[0])[0]).toBe("30"));
  });
});
