// npm 11 runs no dependency's install script unless the root package.json's `allowScripts` lists it.
// Exactly one must run: secp256k1's, which builds libsecp256k1 where the package ships no prebuild
// (on linux-x64, darwin-arm64 and win32-x64 it finds its prebuild and does nothing). Each of the
// others is denied, and each works without it; this file shows how, one check per package.
import { execFile } from "node:child_process";
import path from "node:path";

const root = path.resolve(__dirname, "../../..");
const pkg = require(path.join(root, "package.json"));

function run(file: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(file, args, { cwd: root, timeout: 60_000 }, (err, stdout, stderr) =>
      err
        ? reject(new Error(`${file} ${args.join(" ")}: ${err.message}\n${stderr}`))
        : resolve(stdout + stderr),
    ),
  );
}

describe("dependencies' install scripts", () => {
  it("every package with an install script is reviewed in allowScripts", async () => {
    const out = await run("npm", ["install-scripts", "ls"]);
    expect(out).toMatch(/No packages with unreviewed install scripts/);
  });

  it("only secp256k1's script is allowed", () => {
    const allowed = Object.entries(pkg.allowScripts).filter(([, allow]) => allow === true);
    expect(allowed.map(([name]) => name)).toEqual(["secp256k1"]);
  });

  // what each denied script would have done, and what shows it is not needed
  const denied: Record<string, () => Promise<void> | void> = {
    // postinstall picks the platform's binary package, which npm installs as an optional dependency
    "@foundry-rs/anvil": async () => {
      const bin = path.join(root, "node_modules/@foundry-rs/anvil/bin.mjs");
      expect(await run(process.execPath, [bin, "--version"])).toMatch(/anvil Version: \d/);
    },
    "@foundry-rs/cast": async () => {
      const bin = path.join(root, "node_modules/@foundry-rs/cast/bin.mjs");
      expect(await run(process.execPath, [bin, "--version"])).toMatch(/cast Version: \d/);
    },
    // builds from source only when no prebuilt @parcel/watcher-<platform> is installed
    "@parcel/watcher": () => {
      expect(typeof require("@parcel/watcher").subscribe).toBe("function");
    },
    // downloads native engines; ctxlog migrates through Prisma's WebAssembly schema engine and queries
    // through the pg driver adapter (npm run db:migrate and every database test run without them)
    "@prisma/engines": () => {
      const migrate = require(path.join(root, "packages/db/src/migrate"));
      expect(typeof migrate.applyMigrations).toBe("function");
    },
    // usage analytics, for io-ts-reporters (under @pgtyped/cli): which loads and reports without it
    "@scarf/scarf": () => {
      expect(typeof require("io-ts-reporters").default.report).toBe("function");
    },
    // checks the platform binding (@swc/core-<platform>, an optional dependency) and falls back to WASM
    "@swc/core": () => {
      const { transformSync } = require("@swc/core");
      const out = transformSync("const a: number = 1;", { jsc: { parser: { syntax: "typescript" } } });
      expect(out.code).toMatch(/var a = 1;|const a = 1;/);
    },
    // builds only when no prebuilt @msgpackr-extract/msgpackr-extract-<platform> is installed
    "msgpackr-extract": () => {
      expect(require("msgpackr").isNativeAccelerationEnabled).toBe(true);
    },
    // a Node version check (engines says the same); the CLI runs (our postinstall generates with it)
    prisma: async () => {
      const cli = require.resolve("prisma/build/index.js", { paths: [root] });
      const out = await new Promise<string>((resolve, reject) =>
        execFile(
          process.execPath,
          [cli, "validate"],
          {
            cwd: root,
            timeout: 60_000,
            // as scripts/prisma-generate.js does: no native engine download (validate never runs it)
            env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.execPath, CHECKPOINT_DISABLE: "1" },
          },
          (err, stdout, stderr) => (err ? reject(err) : resolve(stdout + stderr)),
        ),
      );
      expect(out).toMatch(/is valid/);
    },
  };

  it("lists exactly the packages checked below as denied", () => {
    const deniedInPackage = Object.entries(pkg.allowScripts)
      .filter(([, allow]) => allow === false)
      .map(([name]) => name)
      .sort();
    expect(deniedInPackage).toEqual(Object.keys(denied).sort());
  });

  for (const [name, check] of Object.entries(denied)) {
    it(`${name} works without its install script`, async () => {
      await check();
    });
  }

  it("secp256k1 loads its native addon on this platform", () => {
    const { secp256k1Backend } = require("@ctxlog/core");
    expect(secp256k1Backend()).toBe("native");
  });
});
