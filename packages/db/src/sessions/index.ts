export * from "./find-active-session";
export * from "./revoke-sessions";
export * from "./start-session";
export * from "./touch-session";
