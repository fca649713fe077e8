export {
  ANVIL_DEV_ADDRESSES,
  ANVIL_DEV_KEYS,
  type AnvilInstance,
  anvilBinaryPath,
  type StartAnvilOptions,
  startAnvil,
} from "./anvil";
export {
  type RegistryAbi,
  registryAbi,
  registryBytecode,
  registryCompiler,
  registryDeployedBytecode,
} from "./artifact";
export { type DeployedRegistry, type DeployRegistryOptions, deployRegistry } from "./deploy";
