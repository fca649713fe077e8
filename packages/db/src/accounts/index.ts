export * from "./change-account-password";
export * from "./create-account";
export * from "./find-account-by-email";
export * from "./find-sign-in-link";
export * from "./list-accounts";
export * from "./redeem-sign-in-link";
export * from "./sign-in-links";
