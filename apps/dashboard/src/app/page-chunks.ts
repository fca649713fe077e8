import type { ComponentType } from "react";
import { contextsChartChunk } from "../pages/overview/chart-chunk";
import type { ChunkModule } from "./pages";
import { type Preloadable, preloadable } from "./preloadable";

// biome-ignore lint/suspicious/noExplicitAny: pages take no props, the chart its own: one table for all
type ComponentChunk = Preloadable<{ default: ComponentType<any> }>;

const chunk = (importer: () => Promise<{ default: ComponentType<never> }>) =>
  preloadable(importer) as ComponentChunk;

/** Each page's chunk (and the overview chart's), loaded on demand, once. */
export const CHUNKS: Record<ChunkModule, ComponentChunk> = {
  "sign-in/SignInPage": chunk(() => import("../pages/sign-in/SignInPage")),
  "setup/SetupPage": chunk(() => import("../pages/setup/SetupPage")),
  "overview/OverviewPage": chunk(() => import("../pages/overview/OverviewPage")),
  "overview/ContextsChart": contextsChartChunk as ComponentChunk,
  "keys/KeysPage": chunk(() => import("../pages/keys/KeysPage")),
  "contexts/ContextsPage": chunk(() => import("../pages/contexts/ContextsPage")),
  "contexts/ContextPage": chunk(() => import("../pages/contexts/ContextPage")),
  "agents/AgentsPage": chunk(() => import("../pages/agents/AgentsPage")),
  "agents/AgentPage": chunk(() => import("../pages/agents/AgentPage")),
  "webhooks/WebhooksPage": chunk(() => import("../pages/webhooks/WebhooksPage")),
  "webhooks/WebhookPage": chunk(() => import("../pages/webhooks/WebhookPage")),
  "webhooks/DeliveryPage": chunk(() => import("../pages/webhooks/DeliveryPage")),
  "events/EventsPage": chunk(() => import("../pages/events/EventsPage")),
  "events/EventTypesPage": chunk(() => import("../pages/events/EventTypesPage")),
  "events/EventPage": chunk(() => import("../pages/events/EventPage")),
  "verifications/VerificationsPage": chunk(() => import("../pages/verifications/VerificationsPage")),
  "verifications/VerificationPage": chunk(() => import("../pages/verifications/VerificationPage")),
  "search/SearchPage": chunk(() => import("../pages/search/SearchPage")),
  "signers/SignersPage": chunk(() => import("../pages/signers/SignersPage")),
  "account/AccountPage": chunk(() => import("../pages/account/AccountPage")),
  "not-found/NotFoundPage": chunk(() => import("../pages/not-found/NotFoundPage")),
};
