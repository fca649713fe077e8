import { appPath, matchPage, NOT_FOUND, PAGE_ROUTES } from "./pages";

describe("matchPage (the boot script's route matching, before the router runs)", () => {
  it("finds each page at its own path", () => {
    for (const route of PAGE_ROUTES) {
      const path = route.path.replace(/:(\w+)/g, "x_$1");
      expect(matchPage(path).route).toBe(route);
    }
  });

  it("reads the parameters, decoded, and prefers a static path to a parameter", () => {
    expect(matchPage("/agents/planner%207")).toMatchObject({
      route: { module: "agents/AgentPage" },
      params: { agentId: "planner 7" },
    });
    expect(matchPage("/events/types").route.module).toBe("events/EventTypesPage");
    expect(matchPage("/events/evt_1")).toMatchObject({
      route: { module: "events/EventPage" },
      params: { eventId: "evt_1" },
    });
    expect(matchPage("/webhooks/wh_1/deliveries/dlv_2").params).toEqual({ id: "wh_1", deliveryId: "dlv_2" });
  });

  it("gives the not-found page for anything else, a malformed escape included", () => {
    expect(matchPage("/nothing/here").route).toBe(NOT_FOUND);
    expect(matchPage("/contexts/%E0%A4%A").route).toBe(NOT_FOUND);
  });

  it("takes the app's path out of the browser's (the router's basename is /dashboard)", () => {
    expect(appPath("/dashboard")).toBe("/");
    expect(appPath("/dashboard/")).toBe("/");
    expect(appPath("/dashboard/contexts")).toBe("/contexts");
    expect(appPath("/dashboards")).toBe("/dashboards");
  });
});
