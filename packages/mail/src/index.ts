export * from "./account-mails";
export * from "./dashboard-links";
export * from "./html";
export * from "./mail-env";
export * from "./mail-message";
export * from "./mail-outbox";
export * from "./printing-sender";
export * from "./smtp-sender";
