import { type ContextSource, installedLibrary } from "@ctxlog/sdk";

// src/ in tests, dist/ once built: this package's package.json is one level up from both
const own = require("../package.json") as { name: string; version: string };

/**
 * This package's ContextSource, in every context it logs. The MCP SDK's exports map points
 * "./package.json" at a stub of dist/cjs, so its version is looked up from a module it exports.
 */
export const CTXLOG_SOURCE: ContextSource = {
  name: own.name,
  version: own.version,
  library: installedLibrary("@modelcontextprotocol/sdk", "@modelcontextprotocol/sdk/types.js"),
};

export const PROXY_VERSION = own.version;
