// The pages and their paths. One chunk per page: the first page downloads only the shell and its
// own code. This table is data, without React or any import: the boot script (src/boot.ts) reads it
// to preload the current page's chunk before the shell (React, Mantine) has even been evaluated,
// and the router (router.tsx) is built from it with the chunks of page-chunks.ts.

/** A chunk loaded on demand, by its module under src/pages (page-chunks.ts imports each). */
export type ChunkModule =
  | "sign-in/SignInPage"
  | "setup/SetupPage"
  | "overview/OverviewPage"
  | "overview/ContextsChart"
  | "keys/KeysPage"
  | "contexts/ContextsPage"
  | "contexts/ContextPage"
  | "agents/AgentsPage"
  | "agents/AgentPage"
  | "webhooks/WebhooksPage"
  | "webhooks/WebhookPage"
  | "webhooks/DeliveryPage"
  | "events/EventsPage"
  | "events/EventTypesPage"
  | "events/EventPage"
  | "verifications/VerificationsPage"
  | "verifications/VerificationPage"
  | "search/SearchPage"
  | "signers/SignersPage"
  | "account/AccountPage"
  | "not-found/NotFoundPage";

export interface PageRoute {
  /** under /dashboard; ":name" is a parameter */
  path: string;
  module: ChunkModule;
  /** behind the sign-in guard, in the layout (false: a page of its own, sign-in and setup) */
  guarded: boolean;
  /** more chunks the page shows as soon as its data is in (loaded with it on a cold load) */
  with?: ChunkModule[];
}

// static paths before the parameter paths they would match (/events/types before /events/:eventId)
export const PAGE_ROUTES: PageRoute[] = [
  { path: "/sign-in", module: "sign-in/SignInPage", guarded: false },
  { path: "/setup", module: "setup/SetupPage", guarded: false },
  { path: "/", module: "overview/OverviewPage", guarded: true, with: ["overview/ContextsChart"] },
  { path: "/keys", module: "keys/KeysPage", guarded: true },
  { path: "/contexts", module: "contexts/ContextsPage", guarded: true },
  { path: "/contexts/:id", module: "contexts/ContextPage", guarded: true },
  { path: "/agents", module: "agents/AgentsPage", guarded: true },
  { path: "/agents/:agentId", module: "agents/AgentPage", guarded: true },
  { path: "/webhooks", module: "webhooks/WebhooksPage", guarded: true },
  { path: "/webhooks/:id", module: "webhooks/WebhookPage", guarded: true },
  { path: "/webhooks/:id/deliveries/:deliveryId", module: "webhooks/DeliveryPage", guarded: true },
  { path: "/events", module: "events/EventsPage", guarded: true },
  { path: "/events/types", module: "events/EventTypesPage", guarded: true },
  { path: "/events/:eventId", module: "events/EventPage", guarded: true },
  { path: "/verifications", module: "verifications/VerificationsPage", guarded: true },
  { path: "/verifications/:id", module: "verifications/VerificationPage", guarded: true },
  { path: "/search", module: "search/SearchPage", guarded: true },
  { path: "/signers", module: "signers/SignersPage", guarded: true },
  { path: "/account", module: "account/AccountPage", guarded: true },
];

/** Any other path in the layout: the page saying there is nothing here. */
export const NOT_FOUND: PageRoute = { path: "*", module: "not-found/NotFoundPage", guarded: true };

/** The chunks a cold load of `route` needs at once: its page's and those it shows with its data. */
export const chunksOf = (route: PageRoute): ChunkModule[] => [route.module, ...(route.with ?? [])];

export interface PageMatch {
  route: PageRoute;
  params: Record<string, string>;
}

const segments = (path: string) => path.split("/").filter((s) => s !== "");

/** The page at `pathname` (relative to /dashboard), as the router will match it. */
export function matchPage(pathname: string): PageMatch {
  const parts = segments(pathname);
  for (const route of PAGE_ROUTES) {
    const pattern = segments(route.path);
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const matches = pattern.every((segment, i) => {
      const part = parts[i] ?? "";
      if (!segment.startsWith(":")) return segment === part;
      try {
        params[segment.slice(1)] = decodeURIComponent(part);
        return true;
      } catch {
        return false; // a malformed escape: the router shows it as not found too
      }
    });
    if (matches) return { route, params };
  }
  return { route: NOT_FOUND, params: {} };
}

/** The app's path from the browser's (the router's basename is /dashboard). */
export function appPath(browserPathname: string): string {
  return browserPathname.replace(/^\/dashboard(?=\/|$)/, "") || "/";
}
