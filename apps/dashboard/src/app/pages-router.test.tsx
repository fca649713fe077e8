/** @jest-environment ./apps/dashboard/src/testing/jsdom-environment.js */
import { isValidElement } from "react";
import { matchRoutes } from "react-router";
import { CHUNKS } from "./page-chunks";
import { matchPage, PAGE_ROUTES } from "./pages";
import { routes } from "./router";

// The boot script matches the path itself (it runs before react-router is loaded): this holds its
// answer to the router's own on every page's path and a few that are not pages.
describe("matchPage agrees with the router", () => {
  const chunkTheRouterShows = (path: string) => {
    const leaf = matchRoutes(routes, path)?.at(-1)?.route.element;
    const inner = isValidElement<{ children?: unknown }>(leaf) ? leaf.props.children : undefined;
    const element = isValidElement<{ chunk?: unknown }>(inner) ? inner : leaf;
    return isValidElement<{ chunk?: unknown }>(element) ? element.props.chunk : undefined;
  };
  const paths = [
    ...PAGE_ROUTES.map((route) => route.path.replace(/:(\w+)/g, "x_$1")),
    "/events/types",
    "/events/evt_1",
    "/nothing/here",
    "/contexts/a/b",
  ];

  it.each(paths)("%s", (path) => {
    expect(chunkTheRouterShows(path)).toBe(CHUNKS[matchPage(path).route.module]);
  });
});
