import { lazy, Suspense } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import { TableSkeleton } from "../components/TableSkeleton";
import { RequireSession } from "./auth-guard";
import { RouteError } from "./error-boundary";
import { Layout } from "./layout";

// One chunk per page: the first page (sign-in) downloads only the shell and its own code.
const SignInPage = lazy(() => import("../pages/sign-in/SignInPage"));
const SetupPage = lazy(() => import("../pages/setup/SetupPage"));
const OverviewPage = lazy(() => import("../pages/overview/OverviewPage"));
const KeysPage = lazy(() => import("../pages/keys/KeysPage"));
const ContextsPage = lazy(() => import("../pages/contexts/ContextsPage"));
const ContextPage = lazy(() => import("../pages/contexts/ContextPage"));
const WebhooksPage = lazy(() => import("../pages/webhooks/WebhooksPage"));
const WebhookPage = lazy(() => import("../pages/webhooks/WebhookPage"));
const DeliveryPage = lazy(() => import("../pages/webhooks/DeliveryPage"));
const VerificationsPage = lazy(() => import("../pages/verifications/VerificationsPage"));
const VerificationPage = lazy(() => import("../pages/verifications/VerificationPage"));
const AgentsPage = lazy(() => import("../pages/agents/AgentsPage"));
const AgentPage = lazy(() => import("../pages/agents/AgentPage"));
const EventsPage = lazy(() => import("../pages/events/EventsPage"));
const EventPage = lazy(() => import("../pages/events/EventPage"));
const EventTypesPage = lazy(() => import("../pages/events/EventTypesPage"));
const SearchPage = lazy(() => import("../pages/search/SearchPage"));
const SignersPage = lazy(() => import("../pages/signers/SignersPage"));
const AccountPage = lazy(() => import("../pages/account/AccountPage"));
const NotFoundPage = lazy(() => import("../pages/not-found/NotFoundPage"));

const standalone = (element: React.ReactNode) => <Suspense fallback={<TableSkeleton />}>{element}</Suspense>;

export const routes: RouteObject[] = [
  { path: "/sign-in", element: standalone(<SignInPage />), errorElement: <RouteError /> },
  { path: "/setup", element: standalone(<SetupPage />), errorElement: <RouteError /> },
  {
    path: "/",
    element: (
      <RequireSession>
        <Layout />
      </RequireSession>
    ),
    errorElement: <RouteError />,
    children: [
      { index: true, element: <OverviewPage /> },
      { path: "keys", element: <KeysPage /> },
      { path: "contexts", element: <ContextsPage /> },
      { path: "contexts/:id", element: <ContextPage /> },
      { path: "agents", element: <AgentsPage /> },
      { path: "agents/:agentId", element: <AgentPage /> },
      { path: "webhooks", element: <WebhooksPage /> },
      { path: "webhooks/:id", element: <WebhookPage /> },
      { path: "webhooks/:id/deliveries/:deliveryId", element: <DeliveryPage /> },
      { path: "events", element: <EventsPage /> },
      { path: "events/types", element: <EventTypesPage /> },
      { path: "events/:eventId", element: <EventPage /> },
      { path: "verifications", element: <VerificationsPage /> },
      { path: "verifications/:id", element: <VerificationPage /> },
      { path: "search", element: <SearchPage /> },
      { path: "signers", element: <SignersPage /> },
      { path: "account", element: <AccountPage /> },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes, { basename: "/dashboard" });
}
