export * from "./find-anchored-contexts";
export * from "./get-verification";
export * from "./list-verifications";
export * from "./record-verification";
export type { Verification } from "./verification-row";
export * from "./verification-viewer";
