// The compiled ContextRegistry: its ABI as a `const` (so viem infers argument, return and event
// types) and its creation bytecode. Both come from src/generated-artifact.ts, written by
// `npm run build:contract` together with artifacts/ContextRegistry.json; artifact.test.ts checks
// that they still match contracts/ContextRegistry.sol.
import type { Hex } from "viem";
import {
  registryBytecode as generatedBytecode,
  registryDeployedBytecode as generatedDeployedBytecode,
  registryAbi,
  registryCompiler,
} from "./generated-artifact";

export { registryAbi, registryCompiler };

export type RegistryAbi = typeof registryAbi;

/** Creation bytecode: what `deployRegistry` sends. */
export const registryBytecode: Hex = generatedBytecode;

/** Runtime bytecode: what `eth_getCode` returns at a registry address (metadata hash included). */
export const registryDeployedBytecode: Hex = generatedDeployedBytecode;
