export * from "./evidence-range";
