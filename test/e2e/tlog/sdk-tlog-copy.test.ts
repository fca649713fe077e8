// The SDK's copy of @ctxlog/core's transparency-log formats (packages/sdk/src/generated/tlog,
// written by packages/sdk/scripts/copy-tlog.js) must be core's files as they are: core is where
// they are written. Here, not in the SDK, whose own tests need no other ctxlog package.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const copy = require("../../../packages/sdk/scripts/copy-tlog.js") as {
  sources: () => string[];
  copied: (file: string) => string;
  to: string;
};

it("src/generated/tlog is packages/core/src/tlog as it is (run node packages/sdk/scripts/copy-tlog.js)", () => {
  expect(readdirSync(copy.to).sort()).toEqual(copy.sources());
  for (const file of copy.sources()) {
    expect({ file, text: readFileSync(path.join(copy.to, file), "utf8") }).toEqual({
      file,
      text: copy.copied(file),
    });
  }
});
