// The boot script: index.html runs it first (a classic script of its own, built by
// scripts/boot-script-plugin.mts), while the shell (React, Mantine, the router: most of the
// JavaScript) downloads, compiles and evaluates, a few hundred milliseconds on a cold load.
// Meanwhile it starts what the page needs next, which used to wait for the shell and then for each
// other: the page's chunk with its imports (and the chart's on the overview), the session check and
// the page's first data requests. It imports no library: it must stay small.
import { startEarlyRequest } from "./api/early-requests";
import { firstRequests } from "./app/first-requests";
import { appPath, chunksOf, matchPage } from "./app/pages";

/**
 * Written in by the build (scripts/boot-script-plugin.mts) in place of the global's name: the files
 * of each chunk of page-chunks.ts (its JavaScript, the chunks it imports that the shell does not,
 * its CSS), as indexes into `files`. Undefined in development (Vite's dev server): nothing preloaded.
 */
const CHUNK_FILES = (globalThis as { __CTXLOG_CHUNK_FILES__?: ChunkFiles }).__CTXLOG_CHUNK_FILES__;

interface ChunkFiles {
  files: string[];
  chunks: Record<string, number[]>;
}

/** A preload hint: the browser fetches (and compiles) it now; the router's import() finds it. */
function preloadLink(file: string): HTMLLinkElement {
  const link = document.createElement("link");
  if (file.endsWith(".css")) link.rel = "stylesheet";
  else {
    link.rel = "modulepreload";
    link.crossOrigin = ""; // as module scripts are fetched (Vite's preload helper sees it and skips it)
  }
  link.href = file;
  return link;
}

const match = matchPage(appPath(window.location.pathname));
// the requests first: the browser opens 6 connections to a host, and the API's answers take longest
for (const url of firstRequests(match, new URLSearchParams(window.location.search))) startEarlyRequest(url);
if (CHUNK_FILES) {
  const wanted = new Set(chunksOf(match.route).flatMap((module) => CHUNK_FILES.chunks[module] ?? []));
  document.head.append(...[...wanted].map((index) => preloadLink(CHUNK_FILES.files[index] ?? "")));
}
