import { loadScaledSlackMs } from "@ctxlog/core/testing";
import { configure, type RenderResult, render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { createApiClient } from "../api/client";
import { queryKeys } from "../api/query-keys";
import type { Session } from "../api/schema";
import { Providers } from "../app/providers";
import { createQueryClient } from "../app/query-client";
import { routes } from "../app/router";

// findBy*/waitFor wait up to 5 s, not testing-library's 1 s, times the machine's load now
// (loadScaledSlackMs): the suite runs two files at once beside the stacks other files start, and a
// first render of the app can take several seconds on a loaded machine. A test that must show
// something does not happen waits for a time of its own.
beforeEach(() => configure({ asyncUtilTimeout: loadScaledSlackMs(5_000) }));

// What jsdom lacks and Mantine uses.
if (typeof window !== "undefined" && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: query.includes("prefers-reduced-motion"), // no transitions: nothing updates after a test
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  window.HTMLElement.prototype.scrollIntoView = () => {};
}

export const SESSION: Session = {
  account: {
    account_id: "acc_1",
    email: "ada@example.com",
    user_id: "user_1",
    created_at: "2026-11-01T10:00:00.000Z",
    last_sign_in_at: null,
  },
  memberships: [{ account_id: "acc_1", user_id: "user_1", status: "active" }],
  csrf_token: "csrf-token-1",
  expires_at: "2026-11-02T10:00:00.000Z",
};

interface Options {
  fetch: typeof fetch;
  /** The session already in the cache (as after sign-in); null = signed out; undefined = ask the API. */
  session?: Session | null;
}

function setup({ fetch, session }: Options) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 0 }, mutations: { retry: false } });
  if (session !== undefined) queryClient.setQueryData(queryKeys.session, session);
  const api = createApiClient(queryClient, { origin: "http://localhost", fetch });
  return { queryClient, api };
}

/** The whole app (routes, guard, layout, lazy pages) at `path`, in memory. */
export function renderApp(path: string, options: Options) {
  const { queryClient, api } = setup(options);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <Providers queryClient={queryClient} api={api} env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, queryClient, router };
}

/** One element with the providers and a router around it. */
export function renderWithProviders(
  ui: ReactNode,
  options: Options,
): RenderResult & ReturnType<typeof setup> {
  const { queryClient, api } = setup(options);
  const router = createMemoryRouter([{ path: "*", element: ui }]);
  const result = render(
    <Providers queryClient={queryClient} api={api} env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, queryClient, api };
}
