export * from "./erasure-guard";
export * from "./legal-holds";
