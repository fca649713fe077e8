import { readFileSync } from "node:fs";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import { toEventSelector, toFunctionSelector } from "viem";
import { registryAbi, registryBytecode, registryCompiler, registryDeployedBytecode } from "./artifact";

// The same module `npm run build:contract` uses, so the settings cannot drift between the two.
interface CompiledRegistry {
  artifact: {
    contractName: string;
    sourceName: string;
    compiler: { name: string; version: string };
    settings: unknown;
    sourceHash: string;
    abi: unknown;
    bytecode: string;
    deployedBytecode: string;
  };
  warnings: string[];
}
const { compileRegistry, readSource } = require("../scripts/compile-registry.js") as {
  compileRegistry(source?: string): CompiledRegistry;
  readSource(): string;
};

const PACKAGE_DIR = path.resolve(__dirname, "..");
const REBUILD =
  "contracts/ContextRegistry.sol and the committed artifact differ: run " +
  "`npm run build:contract -w @ctxlog/contracts` and commit artifacts/ContextRegistry.json and " +
  "src/generated-artifact.ts";

function expectSame(what: string, committed: unknown, fresh: unknown): void {
  if (!isDeepStrictEqual(committed, fresh)) {
    const show = (v: unknown) => JSON.stringify(v).slice(0, 400);
    throw new Error(`${REBUILD}.\n${what}:\n  committed: ${show(committed)}\n  compiled:  ${show(fresh)}`);
  }
}

const committed = JSON.parse(
  readFileSync(path.join(PACKAGE_DIR, "artifacts", "ContextRegistry.json"), "utf8"),
) as CompiledRegistry["artifact"];

describe("ContextRegistry artifact", () => {
  let fresh: CompiledRegistry;
  beforeAll(() => {
    fresh = compileRegistry();
  });

  it("compiles without warnings", () => {
    expect(fresh.warnings).toEqual([]);
  });

  it("artifacts/ContextRegistry.json matches the source compiled now", () => {
    expectSame("compiler", committed.compiler, fresh.artifact.compiler);
    expectSame("settings", committed.settings, fresh.artifact.settings);
    expectSame("sourceHash", committed.sourceHash, fresh.artifact.sourceHash);
    expectSame("abi", committed.abi, fresh.artifact.abi);
    expectSame("bytecode", committed.bytecode, fresh.artifact.bytecode);
    expectSame("deployedBytecode", committed.deployedBytecode, fresh.artifact.deployedBytecode);
    expectSame("whole artifact", committed, fresh.artifact);
  });

  it("src/generated-artifact.ts carries the same abi and bytecode", () => {
    expectSame("registryAbi", registryAbi, fresh.artifact.abi);
    expectSame("registryBytecode", registryBytecode, fresh.artifact.bytecode);
    expectSame("registryDeployedBytecode", registryDeployedBytecode, fresh.artifact.deployedBytecode);
    expectSame("registryCompiler.version", registryCompiler.version, fresh.artifact.compiler.version);
    expectSame("registryCompiler.sourceHash", registryCompiler.sourceHash, fresh.artifact.sourceHash);
  });

  it("pins the pragma to the solc version that built it", () => {
    const pragma = /pragma solidity ([^;]+);/.exec(readSource())?.[1];
    expect(committed.compiler.version.startsWith(`${pragma}+`)).toBe(true);
  });

  it("exposes the interface the chain worker and verifiers rely on", () => {
    expect(toFunctionSelector("anchor(bytes32,uint32)")).toBe("0x47489de4");
    expect(toEventSelector("Anchored(bytes32 indexed root, uint32 count, address indexed submitter)")).toBe(
      toEventSelector("Anchored(bytes32,uint32,address)"),
    );
    const names = registryAbi.map((item) => `${item.type} ${item.name}`).sort();
    expect(names).toEqual(["error ZeroCount", "error ZeroRoot", "event Anchored", "function anchor"]);
    expect(registryDeployedBytecode).toContain(toFunctionSelector("anchor(bytes32,uint32)").slice(2));
  });

  it("would notice any change to the source, comments included (metadata hash)", () => {
    const edited = compileRegistry(`${readSource()}\n// an edit\n`).artifact;
    expect(edited.sourceHash).not.toBe(committed.sourceHash);
    expect(edited.deployedBytecode).not.toBe(committed.deployedBytecode);
  });
});
