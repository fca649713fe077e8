import { installedLibrary, installedVersion } from "./installed-version";

describe("installedVersion", () => {
  it("reads an installed package's version from its own package.json", () => {
    const { version } = require("viem/package.json") as { version: string };
    expect(installedVersion("viem")).toBe(version);
    expect(installedLibrary("viem")).toBe(`viem@${version}`);
  });

  it("walks past a package.json of another name (an exports map's stub) to the package's own", () => {
    // @modelcontextprotocol/sdk maps ./package.json to dist/cjs's {"type":"commonjs"}
    const version = installedVersion("@modelcontextprotocol/sdk", "@modelcontextprotocol/sdk/types.js");
    expect(version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it("a package that is not installed has no version, and is named alone", () => {
    expect(installedVersion("@ctxlog/no-such-package")).toBeUndefined();
    expect(installedLibrary("@ctxlog/no-such-package")).toBe("@ctxlog/no-such-package");
  });
});
