export * from "./current-anchor-key";
export * from "./fold-signers";
export * from "./list-signers";
export * from "./register-signer";
