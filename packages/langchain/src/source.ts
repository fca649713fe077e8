import { type ContextSource, installedLibrary } from "@ctxlog/sdk";

// src/ in tests, dist/ once built: this package's package.json is one level up from both
const own = require("../package.json") as { name: string; version: string };

let cached: ContextSource | undefined;

/** This package's ContextSource: its name and version and the LangChain core it runs with. */
export function ctxlogSource(): ContextSource {
  cached ??= { name: own.name, version: own.version, library: installedLibrary("@langchain/core") };
  return cached;
}
