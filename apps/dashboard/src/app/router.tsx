import { Suspense } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import { TableSkeleton } from "../components/TableSkeleton";
import { RequireSession } from "./auth-guard";
import { RouteError } from "./error-boundary";
import { Layout } from "./layout";
import { LazyChunk } from "./lazy-component";
import { CHUNKS } from "./page-chunks";
import { NOT_FOUND, PAGE_ROUTES, type PageRoute } from "./pages";

const element = (route: PageRoute) => <LazyChunk chunk={CHUNKS[route.module]} />;

const standalone = (route: PageRoute) => <Suspense fallback={<TableSkeleton />}>{element(route)}</Suspense>;

/** The layout's child route of a page: "/" is the index, "/keys" is "keys", "*" the rest. */
const child = (route: PageRoute): RouteObject =>
  route.path === "/"
    ? { index: true, element: element(route) }
    : { path: route.path.replace(/^\//, ""), element: element(route) };

export const routes: RouteObject[] = [
  ...PAGE_ROUTES.filter((route) => !route.guarded).map((route) => ({
    path: route.path,
    element: standalone(route),
    errorElement: <RouteError />,
  })),
  {
    path: "/",
    element: (
      <RequireSession>
        <Layout />
      </RequireSession>
    ),
    errorElement: <RouteError />,
    children: [...PAGE_ROUTES.filter((route) => route.guarded), NOT_FOUND].map(child),
  },
];

export function createRouter() {
  return createBrowserRouter(routes, { basename: "/dashboard" });
}
