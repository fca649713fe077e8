// Reading a dashboard page the way a person sees it, at either size: a list's row is a table row
// wide and a card on a phone (DataTable), a record's field a <dt> and its <dd>, a chart what the
// browser painted; and axe's violations, one line each.
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "playwright-core";

/** Every axe violation (any impact), one line each. */
export async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.html.slice(0, 120)).join(" | ")}`,
  );
}

/** A record field's value (a <dt> and its <dd>). */
export const field = (page: Page, label: string): Locator =>
  page.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd");

/** The rows of a list that name `text`: table rows wide, cards on a phone. */
export const rowOf = (page: Page, text: string): Locator =>
  page.getByRole("main").locator("tbody tr, [role=listitem]").filter({ hasText: text });

/** What the first row naming `text` shows under `header` (a table's column, a card's field). */
export const cellOf = (page: Page, text: string, header: string): Promise<string | null> =>
  rowOf(page, text)
    .first()
    .evaluate((row, name) => {
      if (row.tagName === "TR") {
        const headers = [...(row.closest("table")?.querySelectorAll("thead th") ?? [])];
        const at = headers.findIndex((th) => th.textContent?.trim() === name);
        return (row as HTMLTableRowElement).cells[at]?.textContent?.trim() ?? null;
      }
      const line = [...row.children].find((div) => div.firstElementChild?.textContent?.trim() === name);
      return line?.lastElementChild?.textContent?.trim() ?? null;
    }, header);

/** The number a overview tile shows under its linked label (its last line). */
export const tileValue = (tile: Locator): Promise<string | null | undefined> =>
  tile.evaluate((a) => a.closest(".mantine-Paper-root")?.lastElementChild?.textContent);

/**
 * How many pixels of `element`'s screenshot are near one of `colors` ("#rrggbb"): what the browser
 * painted, not the markup (decoded in the page, as a blob, which the page's CSP allows).
 */
export async function paintedPixels(page: Page, element: Locator, colors: string[]): Promise<number> {
  const png = (await element.screenshot()).toString("base64");
  const rgb = colors.map((c) => [1, 3, 5].map((i) => Number.parseInt(c.slice(i, i + 2), 16)));
  return page.evaluate(
    async ([base64, targets]) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const g = canvas.getContext("2d") as OffscreenCanvasRenderingContext2D;
      g.drawImage(bitmap, 0, 0);
      const { data } = g.getImageData(0, 0, bitmap.width, bitmap.height);
      let count = 0;
      for (let i = 0; i < data.length; i += 4) {
        const px = [data[i], data[i + 1], data[i + 2]] as number[];
        if (targets.some((t) => t.every((v, k) => Math.abs((px[k] as number) - v) < 40))) count++;
      }
      return count;
    },
    [png, rgb] as const,
  );
}
