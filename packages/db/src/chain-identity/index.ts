export * from "./anchoring-health";
export * from "./check-chain-identity";
export * from "./in-flight-nonces";
