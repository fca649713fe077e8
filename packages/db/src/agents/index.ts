export * from "./list-agent-logs";
export * from "./stream-agent-entries";
