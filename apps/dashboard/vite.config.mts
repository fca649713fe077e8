import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, loadEnv } from "vite";
import { bootScript } from "./scripts/boot-script-plugin.mjs";
import { precompress } from "./scripts/precompress-plugin.mjs";

// Served by the API at /dashboard (same origin as /v1). In dev, Vite serves the app with hot reload
// and forwards /v1 to a running API (DASHBOARD_API_URL, default http://localhost:3000).
export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), "");
  const apiUrl = env.DASHBOARD_API_URL || "http://localhost:3000";
  return {
    base: "/dashboard/",
    plugins: [react(), bootScript(), precompress()],
    resolve: {
      // the SDK's agent audit and the context-source key, from its TypeScript sources (its package
      // builds CommonJS for Node); they hold no Node-only code (the SDK's webhook verification,
      // which does, is not imported)
      alias: {
        "@ctxlog/sdk/audit": fileURLToPath(new URL("../../packages/sdk/src/audit/index.ts", import.meta.url)),
        "@ctxlog/sdk/context-source": fileURLToPath(
          new URL("../../packages/sdk/src/context-source.ts", import.meta.url),
        ),
      },
    },
    server: {
      port: 5173,
      proxy: {
        // the API checks Origin on sign-in; through the proxy the page's origin is Vite's, so present the API's
        "/v1": { target: apiUrl, changeOrigin: true, headers: { origin: apiUrl } },
      },
    },
    // the manifest lets scripts/measure-size.mjs follow what the first page loads
    build: {
      outDir: "dist",
      sourcemap: false,
      manifest: true,
      chunkSizeWarningLimit: 600,
      rolldownOptions: {
        output: {
          // the small modules two or more pages share (components, hooks, the Mantine components
          // the shell does not hold) in one chunk: a cold page loads one file for them, not ~20
          codeSplitting: {
            groups: [{ name: "shared", minShareCount: 2, test: /[\\/](src|node_modules)[\\/]/ }],
          },
        },
      },
    },
  };
});
