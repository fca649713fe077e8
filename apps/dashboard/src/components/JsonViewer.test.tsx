/** @jest-environment ./apps/dashboard/src/testing/jsdom-environment.js */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { fetchDouble } from "../testing/fetch-double";
import { renderWithProviders } from "../testing/render";
import { JsonViewer } from "./JsonViewer";

const show = (ui: ReactNode) => renderWithProviders(ui, { fetch: fetchDouble([]).fetch, session: null });
const tree = (label: string) => screen.findByRole("group", { name: label });

/** About 64 KiB: 400 records, each with a few levels of its own; one deep inside holds "needle". */
function bigValue() {
  const records = Array.from({ length: 400 }, (_, i) => ({
    id: `rec_${String(i).padStart(4, "0")}`,
    tags: ["alpha", "beta", "gamma"],
    detail: { step: i, notes: { text: "x".repeat(60), checked: i % 2 === 0 } },
  }));
  (records[345] as { detail: { notes: { text: string } } }).detail.notes.text = "the needle is here";
  return { agent: "planner-7", records };
}

describe("the JSON viewer", () => {
  it("shows a small value whole, as JSON, with its size", async () => {
    const value = { a: 1, list: [true, null, "x"], nested: { b: "é" } };
    show(<JsonViewer value={value} label="Context data" />);
    expect(JSON.parse((await tree("Context data")).textContent ?? "")).toEqual(value);
    expect(screen.getByText(`${new TextEncoder().encode(JSON.stringify(value)).length} bytes`)).toBeTruthy();
  });

  it("collapses and expands each object and array, by pointer and by keyboard", async () => {
    const user = userEvent.setup();
    show(<JsonViewer value={{ list: [1, 2, 3], other: { k: "v" } }} label="Data" />);
    const box = await tree("Data");
    await user.click(screen.getByRole("button", { name: "Collapse list" }));
    expect(box.textContent).toContain('"list": […] 3 items,');
    expect(screen.getByRole("button", { name: "Expand list" }).getAttribute("aria-expanded")).toBe("false");
    screen.getByRole("button", { name: "Expand list" }).focus();
    await user.keyboard("{Enter}");
    expect(JSON.parse(box.textContent ?? "")).toEqual({ list: [1, 2, 3], other: { k: "v" } });
  });

  it("opens or closes a whole level at once", async () => {
    const user = userEvent.setup();
    const value = { a: { b: { c: { d: 1 } } } };
    show(<JsonViewer value={value} label="Data" />);
    const box = await tree("Data");
    await user.click(screen.getByRole("button", { name: "Close all of Data" }));
    expect(box.textContent).toBe("{…} 1 key");
    await user.click(screen.getByRole("button", { name: "Open 2 levels of Data" }));
    expect(box.textContent).toBe('{"a": {"b": {…} 1 key}}');
    await user.click(screen.getByRole("button", { name: "Open all of Data" }));
    expect(JSON.parse(box.textContent ?? "")).toEqual(value);
  });

  it("renders a 64 KiB value at once: its first levels, 100 children at a time", async () => {
    const user = userEvent.setup();
    const value = bigValue();
    const bytes = new TextEncoder().encode(JSON.stringify(value)).length;
    expect(bytes).toBeGreaterThan(60_000);
    show(<JsonViewer value={value} label="Context data" />);
    const box = await tree("Context data");
    // the root and its records open, the 100 first records closed: about a hundred lines, not thousands
    expect(box.querySelectorAll(".json-line").length).toBeLessThan(110);
    expect(screen.getByText(/^6\d\.\d KiB \(6\d,\d{3} bytes\)$/)).toBeTruthy();
    await user.click(screen.getByText("Show more of records (100 of 400 shown)"));
    expect(screen.getByText("Show more of records (200 of 400 shown)")).toBeTruthy();
  });

  it("searches: highlights the matches, opens the way to them", async () => {
    show(<JsonViewer value={bigValue()} label="Context data" />);
    const box = await tree("Context data");
    expect(box.textContent).not.toContain("needle");
    // the searchbox found by its name, not by role: role queries are slow over a big tree in jsdom
    const search = screen.getByLabelText("Search Context data");
    const searchFor = (text: string) => fireEvent.change(search, { target: { value: text } });
    searchFor("NEEDLE");
    await waitFor(() => expect(screen.getByText("1 of 1")).toBeTruthy());
    // record 345 is past the first 100 drawn and three levels deep: drawn and opened for the match
    const row = box.querySelector("[data-current-match]");
    expect(row?.textContent).toBe('"text": "the needle is here",');
    expect(within(row as HTMLElement).getByText("needle").tagName).toBe("MARK");

    searchFor("absent");
    await waitFor(() => expect(screen.getByText("No match")).toBeTruthy());
  });

  it("steps through the matches: Enter, the arrows, round the end", async () => {
    const user = userEvent.setup();
    const value = {
      records: Array.from({ length: 12 }, (_, i) => ({ id: `rec_${String(i).padStart(4, "0")}` })),
    };
    show(<JsonViewer value={value} label="Data" />);
    const box = await tree("Data");
    const search = screen.getByLabelText("Search Data");
    fireEvent.change(search, { target: { value: "rec_000" } });
    await waitFor(() => expect(screen.getByText("1 of 10")).toBeTruthy());
    await user.type(search, "{Enter}");
    expect(screen.getByText("2 of 10")).toBeTruthy();
    expect(box.querySelector("[data-current-match]")?.textContent).toBe('"id": "rec_0001"');
    await user.click(screen.getByLabelText("Previous match"));
    await user.click(screen.getByLabelText("Previous match"));
    expect(screen.getByText("10 of 10")).toBeTruthy();
    expect(box.querySelector("[data-current-match]")?.textContent).toBe('"id": "rec_0009"');
  });

  it("wraps long lines, or lets them run (the box scrolls sideways)", async () => {
    const user = userEvent.setup();
    show(<JsonViewer value={{ long: "y".repeat(500) }} label="Data" />);
    const box = await tree("Data");
    // JsonViewer.css draws data-wrap="false" as unwrapped lines (the browser test sees them scroll)
    expect(box.getAttribute("data-wrap")).toBe("true");
    await user.click(screen.getByRole("switch", { name: "Wrap lines" }));
    expect(box.getAttribute("data-wrap")).toBe("false");
  });

  it("copies the whole JSON, indented, or the exact text it was parsed from", async () => {
    const user = userEvent.setup();
    const value = { b: [1, 2], a: "x" };
    const text = '{"b":[1,2],  "a":"x"}';
    show(
      <>
        <JsonViewer value={value} label="Data" />
        <JsonViewer value={value} text={text} label="Payload" />
      </>,
    );
    await user.click(await screen.findByRole("button", { name: "Copy JSON of Data" }));
    expect(await navigator.clipboard.readText()).toBe(JSON.stringify(value, null, 2));
    expect((await screen.findAllByText("Copied")).length).toBeGreaterThan(0);
    await user.click(screen.getByRole("button", { name: "Copy JSON of Payload" }));
    expect(await navigator.clipboard.readText()).toBe(text);
    // the exact text's size, spaces included
    expect(screen.getByText(`${text.length} bytes`)).toBeTruthy();
  });
});
