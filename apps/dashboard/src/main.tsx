import "./app/mantine-styles";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { createApiClient } from "./api/client";
import { ErrorBoundary } from "./app/error-boundary";
import { CHUNKS } from "./app/page-chunks";
import { appPath, chunksOf, matchPage } from "./app/pages";
import { Providers } from "./app/providers";
import { createQueryClient } from "./app/query-client";
import { createRouter } from "./app/router";
import { sessionQuery } from "./app/session";

/** The longest the first render waits for the page's chunk and the session (then it shows loaders). */
const FIRST_RENDER_WAIT_MS = 1500;

const queryClient = createQueryClient();
const api = createApiClient(queryClient);
const router = createRouter();

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root");

// The first render waits for what the boot script started (src/boot.ts): the page's chunks and the
// session, usually here by now. The page then mounts at once with its data on the way, instead of
// rendering a session loader, then a page fallback, each replaced later (and React holds back the
// content replacing a fallback by up to 300 ms).
const match = matchPage(appPath(window.location.pathname));
const ready = Promise.allSettled([
  ...chunksOf(match.route).map((module) => CHUNKS[module].load()),
  queryClient.prefetchQuery(sessionQuery(api)),
]);
const timeout = new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS));
Promise.race([ready, timeout]).then(() =>
  createRoot(root).render(
    <StrictMode>
      <Providers queryClient={queryClient} api={api}>
        <ErrorBoundary>
          <RouterProvider router={router} />
        </ErrorBoundary>
      </Providers>
    </StrictMode>,
  ),
);
