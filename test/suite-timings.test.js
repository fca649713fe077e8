// test/suite-timings.json lists every test file, and only those: test/sequencer.js runs a file it
// has no time for last, which on two workers can leave one idle while the other runs a long file.
const fs = require("node:fs");
const path = require("node:path");
const { files } = require("./suite-timings.json");

const root = path.resolve(__dirname, "..");
const SKIP = new Set(["node_modules", "dist", "dist-test", "generated"]);

/** Test files as the jest configs match them: src/ of every package and app, test/e2e, test/*.test.js. */
function testFiles() {
  const found = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory() && !SKIP.has(entry.name)) walk(rel);
      else if (entry.isFile() && /\.test\.tsx?$/.test(entry.name)) found.push(rel);
    }
  };
  for (const group of ["packages", "apps"]) {
    for (const workspace of fs.readdirSync(path.join(root, group))) {
      if (fs.existsSync(path.join(root, group, workspace, "src"))) walk(`${group}/${workspace}/src`);
    }
  }
  walk("test/e2e");
  for (const name of fs.readdirSync(__dirname)) if (name.endsWith(".test.js")) found.push(`test/${name}`);
  return found.sort();
}

const HOW =
  "refresh it: `npx jest <file> --json --outputFile=/tmp/t.json && node scripts/test-timings.js /tmp/t.json` " +
  "(-c jest.e2e.config.js for a file of the second tier), or `npm run test:timings` for the whole suite";

describe("test/suite-timings.json", () => {
  const listed = Object.keys(files);
  const present = testFiles();

  it("lists every test file", () => {
    const missing = present.filter((f) => !(f in files));
    if (missing.length)
      throw new Error(`missing from test/suite-timings.json: ${missing.join(", ")}; ${HOW}`);
  });

  it("lists no file that is gone", () => {
    const gone = listed.filter((f) => !present.includes(f));
    if (gone.length) throw new Error(`in test/suite-timings.json but gone: ${gone.join(", ")}; ${HOW}`);
  });

  it("gives each a time in seconds", () => {
    for (const f of listed) expect([f, typeof files[f] === "number" && files[f] >= 0]).toEqual([f, true]);
  });
});
