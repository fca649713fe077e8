export type { Verification } from "../generated/prisma/client";
export * from "./find-anchored-contexts";
export * from "./get-verification";
export * from "./list-verifications";
export * from "./record-verification";
export * from "./verification-viewer";
