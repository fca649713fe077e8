#!/usr/bin/env node

// `npx ctxlog-mcp-proxy [options] -- <server command…>`: the compiled CLI (npm run build).
require("../dist/cli.js").main();
