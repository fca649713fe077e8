// The boot script (src/boot.ts) runs before the app: inside the app's entry it would wait for all of
// the app's JavaScript (React, Mantine, the router) to arrive and be evaluated, which is what it is
// there to overlap. So it is built apart, as one classic script without imports (nothing to fetch
// before it runs), and index.html runs it first, ahead of the stylesheet (a script after a
// stylesheet waits for it). This plugin builds it, writes into it the files of each page chunk
// (which it preloads) and puts its <script> into index.html.
// The boot script imports no page: the page chunks stay reachable from the app's entry only.
import type { OutputBundle } from "rolldown";
import { build, type Plugin } from "vite";

const BOOT = "src/boot.ts";
const PLACEHOLDER = /\bglobalThis\.__CTXLOG_CHUNK_FILES__\b/;
const CHUNK_MODULE = /\/src\/pages\/(.+)\.tsx$/;

/** The chunks `fileName` imports, itself included, transitively (static imports). */
function staticGraph(bundle: OutputBundle, fileName: string, seen = new Set<string>()): Set<string> {
  const chunk = bundle[fileName];
  if (chunk?.type !== "chunk" || seen.has(fileName)) return seen;
  seen.add(fileName);
  for (const imported of chunk.imports) staticGraph(bundle, imported, seen);
  return seen;
}

/** src/boot.ts and what it imports, as one minified classic script. */
async function buildBoot(root: string, target: unknown): Promise<string> {
  const output = await build({
    configFile: false,
    root,
    logLevel: "warn",
    build: {
      write: false,
      minify: true,
      target: target as string,
      lib: { entry: BOOT, formats: ["iife"], name: "ctxlogBoot", fileName: () => "boot.js" },
    },
  });
  const [result] = Array.isArray(output) ? output : [output];
  const chunk = result && "output" in result ? result.output[0] : undefined;
  if (chunk?.type !== "chunk") throw new Error(`${BOOT} did not build`);
  return chunk.code;
}

export function bootScript(): Plugin {
  let base = "/";
  let root = process.cwd();
  let target: unknown;
  let boot = "";
  return {
    name: "ctxlog-boot-script",
    apply: "build",
    configResolved(config) {
      base = config.base;
      root = config.root;
      target = config.build.target;
    },
    async buildStart() {
      boot = await buildBoot(root, target);
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === "chunk");
      const app = chunks.find((c) => c.isEntry);
      if (!app) throw new Error("the app's entry was not built");
      const shell = staticGraph(bundle, app.fileName);
      const files: string[] = [];
      const indexOf = (file: string) => {
        const at = files.indexOf(`${base}${file}`);
        return at >= 0 ? at : files.push(`${base}${file}`) - 1;
      };
      const map: Record<string, number[]> = {};
      for (const chunk of chunks) {
        const module = chunk.isDynamicEntry && chunk.facadeModuleId?.match(CHUNK_MODULE)?.[1];
        if (!module) continue;
        const graph = [...staticGraph(bundle, chunk.fileName)].filter((file) => !shell.has(file));
        const css = graph.flatMap((file) => {
          const imported = bundle[file];
          return imported?.type === "chunk" ? [...(imported.viteMetadata?.importedCss ?? [])] : [];
        });
        map[module] = [...graph, ...css].map(indexOf);
      }
      if (!PLACEHOLDER.test(boot)) throw new Error(`${BOOT} has no __CTXLOG_CHUNK_FILES__ to fill in`);
      // not under assets/ (cached for a year by name): it changes with the pages' chunks under one
      // name, so it is served like index.html (revalidated)
      this.emitFile({
        type: "asset",
        fileName: "boot.js",
        source: boot.replace(PLACEHOLDER, `(${JSON.stringify({ files, chunks: map })})`),
      });
    },
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const tag = `<script src="${base}boot.js"></script>`;
        const first = html.search(/<script type="module"|<link rel="stylesheet"/);
        if (first < 0)
          throw new Error("index.html has no script or stylesheet to put the boot script before");
        return `${html.slice(0, first)}${tag}\n    ${html.slice(first)}`;
      },
    },
  };
}
