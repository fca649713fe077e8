// The API's types, generated from its OpenAPI document (apps/api/openapi.json →
// generated/schema.d.ts, `npm run api-types -w apps/dashboard`).
import type { components, paths as generatedPaths } from "./generated/schema";

export type paths = generatedPaths;
export type Schemas = components["schemas"];

export type Context = Schemas["Context"];
export type Webhook = Schemas["Webhook"];
export type WebhookDelivery = Schemas["WebhookDelivery"];
export type WebhookDeliveryDetail = Schemas["WebhookDeliveryDetail"];
export type WebhookEvent = Webhook["events"][number];
export type Verification = Schemas["Verification"];
export type VerificationCheck = Schemas["VerificationCheck"];
export type Signer = Schemas["Signer"];
export type ApiKey = Schemas["ApiKey"];
export type Session = Schemas["DashboardSession"];
export type Person = Schemas["AccountListItem"];
export type Invitation = Schemas["InvitationListItem"];
export type Overview = Schemas["Overview"];
export type AnchoringCosts = Schemas["AnchoringCosts"];
export type AgentLog = Schemas["AgentLog"];
export type AuditEntry = Schemas["AuditEntry"];
