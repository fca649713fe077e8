// jsdom for the dashboard's component tests, with Node's own fetch classes: jsdom has no fetch,
// Request or Response, and openapi-fetch needs them (tests pass a fetch double built on them).
const { TestEnvironment } = require("jest-environment-jsdom");

const FROM_NODE = [
  "fetch",
  "Request",
  "Response",
  "Headers",
  "ReadableStream",
  "TextEncoder",
  "TextDecoder",
  "AbortController",
  "AbortSignal",
  "structuredClone",
];

class DashboardEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of FROM_NODE) this.global[name] = globalThis[name];
  }
}

module.exports = DashboardEnvironment;
