// Compiles contracts/ContextRegistry.sol with solc-js (the `solc` npm package, WebAssembly: no
// download, no native compiler) and returns the artifact. Shared by scripts/build-contract.js,
// which writes it, and src/artifact.test.ts, which checks that the committed copy is current.

const fs = require("node:fs");
const path = require("node:path");

const PACKAGE_DIR = path.resolve(__dirname, "..");
const CONTRACT_NAME = "ContextRegistry";
// The name solc records in the metadata (and so in the bytecode's metadata hash): relative, so the
// result does not depend on where the repository is checked out.
const SOURCE_NAME = "contracts/ContextRegistry.sol";

// Pinned: changing any of these changes the bytecode, so the artifact must be rebuilt.
// evmVersion is explicit (not solc's default, which follows the newest hard fork) so the contract
// deploys on any chain that has reached Cancun; the contract uses no newer opcode.
const SETTINGS = {
  evmVersion: "cancun",
  optimizer: { enabled: true, runs: 1_000_000 },
  outputSelection: { "*": { "*": ["abi", "evm.bytecode.object", "evm.deployedBytecode.object"] } },
};

function readSource() {
  return fs.readFileSync(path.join(PACKAGE_DIR, SOURCE_NAME), "utf8");
}

/** keccak256 of the source bytes: the same value solc stores in metadata.sources[…].keccak256. */
function sourceHash(source) {
  const { keccak256, stringToHex } = require("viem");
  return keccak256(stringToHex(source));
}

function compileRegistry(source = readSource()) {
  const solc = require("solc");
  const input = { language: "Solidity", sources: { [SOURCE_NAME]: { content: source } }, settings: SETTINGS };
  const output = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length > 0) {
    throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage ?? e.message).join("\n")}`);
  }
  const warnings = (output.errors ?? []).filter((e) => e.severity !== "error");
  const contract = output.contracts?.[SOURCE_NAME]?.[CONTRACT_NAME];
  if (!contract) throw new Error(`solc produced no ${CONTRACT_NAME} in ${SOURCE_NAME}`);
  return {
    artifact: {
      contractName: CONTRACT_NAME,
      sourceName: SOURCE_NAME,
      compiler: { name: "solc", version: solc.version() },
      settings: { evmVersion: SETTINGS.evmVersion, optimizer: SETTINGS.optimizer },
      sourceHash: sourceHash(source),
      abi: contract.abi,
      bytecode: `0x${contract.evm.bytecode.object}`,
      deployedBytecode: `0x${contract.evm.deployedBytecode.object}`,
    },
    warnings: warnings.map((w) => w.formattedMessage ?? w.message),
  };
}

module.exports = { compileRegistry, readSource, PACKAGE_DIR, SOURCE_NAME, CONTRACT_NAME, SETTINGS };
