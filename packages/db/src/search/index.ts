export * from "./search-records";
