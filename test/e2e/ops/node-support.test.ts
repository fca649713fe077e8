// `npm start` on an end-of-life Node says so in one line (scripts/lib/node-support.js, used by
// scripts/start.js); a supported one says nothing.
import { readFileSync } from "node:fs";
import path from "node:path";

const { endOfLifeWarning } = require("../../../scripts/lib/node-support") as {
  endOfLifeWarning: (version: string, now?: number) => string | null;
};
const at = (day: string) => Date.parse(day);

it("warns in one line on a Node past its end of life, and not before or on a supported line", () => {
  expect(endOfLifeWarning("20.20.2", at("2026-11-26"))).toBe(
    "ctxlog: Node 20.20.2 reached end of life on 2026-04-30; use Node 24 LTS (or 22).",
  );
  expect(endOfLifeWarning("20.20.2", at("2026-04-29"))).toBeNull();
  expect(endOfLifeWarning("24.21.0", at("2026-11-26"))).toBeNull();
  expect(endOfLifeWarning("22.12.0", at("2026-11-26"))).toBeNull();
  expect(endOfLifeWarning("23.1.0", at("2026-11-26"))).toBeNull(); // not an LTS line we list
});

it("is what npm start checks first", () => {
  const start = readFileSync(path.join(__dirname, "../../../scripts/start.js"), "utf8");
  expect(start).toMatch(/endOfLifeWarning\(process\.versions\.node\)/);
});
