export * from "./anchor-reader";
export * from "./anchor-transaction";
export * from "./fees";
export * from "./nonce-plan";
export * from "./rpc-client";
export * from "./rpc-errors";
