// The package's production surface: client, database and migration tooling, and the repository
// functions the apps call. Test helpers live in ./testing (`@ctxlog/db/testing`), kept out of here
// so that no production import path loads them.

export * from "./accounts";
export * from "./agents";
export * from "./anchors/anchor-target";
export * from "./anchors/chain-status";
export * from "./anchors/confirm-anchor";
export * from "./anchors/create-anchor-batch";
export { CLAIMS_LOCK_KEY, placeInFlight } from "./anchors/in-flight-anchors";
export * from "./anchors/list-unbatched-contexts";
export * from "./anchors/send-anchors";
export * from "./anchors/signer-lease";
export * from "./anchors/stuck-anchors";
export * from "./anchors/track-anchors";
export type { ListedApiKey } from "./api-keys/api-key-rows";
export * from "./api-keys/create-api-key";
export * from "./api-keys/find-active-api-key";
export * from "./api-keys/find-user-api-key";
export * from "./api-keys/list-api-key-page";
export * from "./api-keys/list-api-keys";
export * from "./api-keys/record-api-key-use";
export * from "./api-keys/revoke-api-key";
export * from "./api-keys/roll-api-key";
export * from "./chain-identity";
export * from "./client";
export * from "./contexts/context-statuses";
export * from "./contexts/context-view";
export * from "./contexts/erase-agent-data";
export * from "./contexts/erase-context-data";
export * from "./contexts/erase-contexts-data";
export * from "./contexts/erase-expired-data";
export * from "./contexts/get-context";
export * from "./contexts/get-context-proof";
export * from "./contexts/insert-context";
export * from "./contexts/list-contexts";
export * from "./contexts/reader-scope";
export * from "./contexts/retry-context";
export { databaseNameOf, dropDatabase, ensureDatabase, withDatabaseName } from "./database";
export * from "./events/event-partitions";
export * from "./events/list-events";
export * from "./events/outbox-notifications";
export * from "./events/purge-expired-events";
export * from "./events/record-event";
export * from "./events/render-payloads";
export * from "./evidence";
export { bytesOfHex, hexOf, withAnchorHexColumns, withHexColumns } from "./hex-columns";
export * from "./holds";
export * from "./idempotency/with-idempotency";
export {
  applyMigrations,
  type CreatedMigration,
  createMigration,
  diffSchemaAgainstMigrations,
  type MigrationsOptions,
  type SchemaDiffOptions,
} from "./migrate";
export * from "./ops/ping-database";
export * from "./ops/read-backlog-ages";
export * from "./otel/claim-otel-spans";
export * from "./otel/list-agent-traces";
export * from "./otel/otel-refusals";
export * from "./otel/trace-agents";
export * from "./overview/anchoring-costs";
export * from "./overview/read-overview";
export * from "./overview/read-overview-series";
export { DEFAULT_MIGRATIONS_DIR, DEFAULT_SCHEMA_PATH } from "./paths";
export * from "./prisma-types";
export * from "./search";
export * from "./sessions";
export * from "./signers";
export * from "./tlog";
export * from "./verifications";
export * from "./webhooks";
