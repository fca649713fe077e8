import "@mantine/core/styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { createApiClient } from "./api/client";
import { ErrorBoundary } from "./app/error-boundary";
import { Providers } from "./app/providers";
import { createQueryClient } from "./app/query-client";
import { createRouter } from "./app/router";

const queryClient = createQueryClient();
const api = createApiClient(queryClient);
const router = createRouter();

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root");
createRoot(root).render(
  <StrictMode>
    <Providers queryClient={queryClient} api={api}>
      <ErrorBoundary>
        <RouterProvider router={router} />
      </ErrorBoundary>
    </Providers>
  </StrictMode>,
);
