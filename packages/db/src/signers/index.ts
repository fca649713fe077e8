export * from "./fold-anchor-signers";
export * from "./fold-context-signers";
export * from "./list-signers";
export * from "./register-signer";
