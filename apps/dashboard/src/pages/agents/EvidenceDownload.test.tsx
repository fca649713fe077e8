/** @jest-environment ./apps/dashboard/src/testing/jsdom-environment.js */
import { act, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { fromInputValue, setZone, toInputValue, zoneName } from "../../components/time-zone";
import { fetchDouble } from "../../testing/fetch-double";
import { renderWithProviders, SESSION } from "../../testing/render";
import { EvidenceDownload } from "./EvidenceDownload";

afterEach(() => {
  setZone("utc");
  localStorage.clear();
});

const FIRST = "2026-11-26T10:00:01.650Z";
const AGENT = "planner 7/eu";

function renderPanel() {
  // the panel asks the API for nothing itself: the browser loads the pack in a frame
  const api = fetchDouble([]);
  renderWithProviders(<EvidenceDownload agentId={AGENT} firstEntryAt={FIRST} />, {
    fetch: api.fetch,
    session: SESSION,
  });
  const form = screen.getByRole("form", { name: "Download an evidence pack" });
  return {
    api,
    from: within(form).getByRole("textbox", { name: /^From/ }) as HTMLInputElement,
    to: within(form).getByRole("textbox", { name: /^To/ }) as HTMLInputElement,
    button: within(form).getByRole("button", { name: "Download evidence pack" }),
  };
}

const frames = () => [...document.querySelectorAll("iframe")];

/** What the browser does with an answer that is not an attachment: shows it in the frame, then `load`. */
function answerInFrame(frame: HTMLIFrameElement, body: string) {
  const doc = frame.contentDocument as Document;
  // jsdom's about:blank is an empty document; a browser's shows JSON as text in its body
  doc.documentElement ?? doc.appendChild(doc.createElement("html"));
  (doc.body ?? doc.documentElement.appendChild(doc.createElement("body"))).textContent = body;
  fireEvent.load(frame);
}

describe("the evidence pack panel", () => {
  it("offers the whole log, from its first entry (to the second, rounded down) to now, and says how to verify a pack", () => {
    const before = Date.now();
    const { from, to } = renderPanel();
    expect(from.value).toBe("2026-11-26 10:00:01");
    expect(screen.getByText("From (UTC)")).toBeTruthy();
    const end = Date.parse(fromInputValue(to.value, "utc") as string);
    expect(end).toBeGreaterThan(before - 1000);
    expect(end).toBeLessThanOrEqual(Date.now() + 1000);
    expect(screen.getByText("npx ctxlog verify-pack file.zip")).toBeTruthy();
    expect(screen.getByText(/docs\/evidence\.md/)).toBeTruthy();
    expect(frames()).toHaveLength(0);
  });

  it("refuses a range whose end is not after its start, or a field that is no time, and asks for nothing", async () => {
    const user = userEvent.setup();
    const { api, from, to, button } = renderPanel();
    await user.clear(to);
    await user.type(to, "2026-11-26 09:00:00");
    await user.click(button);
    expect(to.getAttribute("aria-invalid")).toBe("true");
    expect(from.getAttribute("aria-invalid")).toBeNull();
    expect(screen.getByText("The end must be after the start.")).toBeTruthy();

    // the same second at both ends is no period either (the API takes [from, to))
    await user.clear(to);
    await user.type(to, from.value);
    await user.click(button);
    expect(screen.getByText("The end must be after the start.")).toBeTruthy();

    await user.clear(from);
    await user.type(from, "11/26/2026");
    await user.click(button);
    expect(from.getAttribute("aria-invalid")).toBe("true");
    expect(to.getAttribute("aria-invalid")).toBeNull();
    expect(screen.getByText("Give a start date and time: yyyy-mm-dd hh:mm:ss.")).toBeTruthy();
    expect(frames()).toHaveLength(0);
    expect(api.calls).toHaveLength(0);
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("loads the pack in a hidden frame of this origin, the range exactly as typed, and says where it goes", async () => {
    const user = userEvent.setup();
    const { from, to, button } = renderPanel();
    await user.clear(from);
    await user.type(from, "2026-11-26 10:00:00");
    await user.clear(to);
    await user.type(to, "2026-11-27 10:00:00");
    await user.click(button);
    const [frame] = frames();
    expect(frame?.hidden).toBe(true);
    const url = new URL(frame?.getAttribute("src") ?? "", "http://localhost");
    expect(url.pathname).toBe("/v1/agents/planner%207%2Feu/evidence");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      from: "2026-11-26T10:00:00.000Z",
      to: "2026-11-27T10:00:00.000Z",
    });
    expect(screen.getByRole("status").textContent).toBe(
      "Asked for the pack of the entries received from 2026-11-26 10:00:00 UTC to 2026-11-27 10:00:00 UTC: your browser saves it as it arrives (see its downloads).",
    );
    // a download leaves the frame's document empty: nothing to show
    fireEvent.load(frame as HTMLIFrameElement);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows the API's refusal in words, its code and request id in the details", async () => {
    const user = userEvent.setup();
    const { button } = renderPanel();
    await user.click(button);
    answerInFrame(
      frames()[0] as HTMLIFrameElement,
      JSON.stringify({
        error: {
          code: "RATE_LIMIT_EXCEEDED",
          message: "This pack costs 1500 units, more than the rate limit has left.",
          request_id: "req_42",
        },
      }),
    );
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Too many requests: wait a moment and try again")).toBeTruthy();
    expect(
      within(alert).getByText("This pack costs 1500 units, more than the rate limit has left."),
    ).toBeTruthy();
    expect(within(alert).getByText("Code: RATE_LIMIT_EXCEEDED")).toBeTruthy();
    expect(within(alert).getByText("Request id: req_42")).toBeTruthy();
    expect(screen.queryByRole("status")).toBeNull();

    // asked again: a frame of its own (the first one's download, if any, is not cut), the alert gone
    await user.click(button);
    expect(frames()).toHaveLength(2);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("status")).toBeTruthy();

    // an answer that is not the API's envelope (a proxy's page) is still said
    answerInFrame(frames()[1] as HTMLIFrameElement, "<html>502 Bad Gateway</html>");
    expect((await screen.findByRole("alert")).textContent).toContain(
      "The evidence pack could not be downloaded",
    );
  });

  it("keeps the range's instants when the shell's toggle moves to local time", async () => {
    const user = userEvent.setup();
    const { from, to } = renderPanel();
    await user.clear(to);
    await user.type(to, "2026-11-27 10:00:00");
    act(() => setZone("local"));
    expect(screen.getByText(`From (${zoneName("local")})`)).toBeTruthy();
    expect(from.value).toBe(toInputValue("2026-11-26T10:00:01.000Z", "local"));
    expect(to.value).toBe(toInputValue("2026-11-27T10:00:00.000Z", "local"));
  });
});
