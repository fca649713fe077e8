// The anvil helpers are development-only and live in their own entry, `@ctxlog/contracts/anvil`, so
// that a service importing this one never needs @foundry-rs/anvil (a dev dependency).
export {
  type RegistryAbi,
  registryAbi,
  registryBytecode,
  registryCompiler,
  registryDeployedBytecode,
} from "./artifact";
export { type DeployedRegistry, type DeployRegistryOptions, deployRegistry } from "./deploy";
