export * from "./anchor-reader";
export * from "./anchor-transaction";
export * from "./fees";
export * from "./rpc-client";
export * from "./rpc-errors";
