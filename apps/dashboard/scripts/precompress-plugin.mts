// Writes a brotli (.br) and a gzip (.gz) copy beside each text file of the build, at the best levels
// (too slow to do per request, cheap once at build time). The API sends a copy to a browser that
// accepts its encoding (apps/api/src/dashboard/serve-dashboard.ts) instead of compressing the same
// bytes on every request, on the CPU that also answers the page's API calls.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

const TEXT = /\.(js|css|html|svg|json)$/;
/** Below this a compressed copy saves next to nothing (and the API compresses nothing under 1 KiB). */
const MIN_BYTES = 1024;

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== ".vite") yield* filesUnder(full); // the manifest is read by scripts, not sent
    } else if (TEXT.test(entry.name) && statSync(full).size >= MIN_BYTES) yield full;
  }
}

export function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "ctxlog-precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of filesUnder(outDir)) {
        const content = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
      }
    },
  };
}
