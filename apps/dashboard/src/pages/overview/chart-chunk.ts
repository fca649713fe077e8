import { preloadable } from "../../app/preloadable";

/**
 * The overview's chart (uPlot) is a chunk of its own: the sign-in page and the other pages do not
 * download it. On a cold load of the overview the boot script starts it with the page's chunk, so
 * it is here when the page's data is (it is part of the page being usable).
 */
export const contextsChartChunk = preloadable(() => import("./ContextsChart"));
