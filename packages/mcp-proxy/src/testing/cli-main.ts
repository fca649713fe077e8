// Test-only: the bin's one line (bin/ctxlog-mcp-proxy.js runs dist/cli.js the same way).
import { main } from "../cli";

void main();
