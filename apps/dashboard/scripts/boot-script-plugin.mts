// The boot script (src/boot.ts) is an entry of its own, run before the app's entry: inside the app's
// entry it would wait for all of the app's JavaScript (React, Mantine, the router) to arrive and be
// evaluated, which is what it is there to overlap. Vite builds one entry from index.html's scripts,
// so this plugin adds src/boot.ts as a second input, writes into it the files of each page chunk
// (which it preloads), and puts its <script async> into index.html ahead of the app's.
// The boot script imports no page: the page chunks stay reachable from the app's entry only (an
// entry reaching them too would make the bundler split the shell into many small shared chunks).
import type { OutputBundle } from "rolldown";
import type { Plugin } from "vite";

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

export function bootScript(): Plugin {
  let base = "/";
  return {
    name: "ctxlog-boot-script",
    config(_config, { command }) {
      if (command !== "build") return;
      return {
        build: {
          rolldownOptions: {
            input: { index: "index.html", boot: BOOT },
            // not under assets/ (cached for a year by name): what the build writes into it changes
            // with the pages' chunks, which its name's hash would not follow; served like index.html
            output: {
              entryFileNames: (chunk) => (chunk.name === "boot" ? "boot.js" : "assets/[name]-[hash].js"),
            },
          },
        },
      };
    },
    configResolved(config) {
      base = config.base;
    },
    generateBundle: {
      order: "pre",
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((c) => c.type === "chunk");
        const boot = chunks.find((c) => c.isEntry && c.name === "boot");
        const app = chunks.find((c) => c.isEntry && c.name === "index");
        if (!boot || !app) throw new Error(`${BOOT} and index.html were not both built as entries`);
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
        if (!PLACEHOLDER.test(boot.code)) throw new Error(`${BOOT} has no __CTXLOG_CHUNK_FILES__ to fill in`);
        boot.code = boot.code.replace(PLACEHOLDER, `(${JSON.stringify({ files, chunks: map })})`);
      },
    },
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        let tags: string;
        if (!ctx.bundle) {
          tags = `<script type="module" async src="/${BOOT}"></script>`; // vite dev: from the source
        } else {
          const boot = Object.values(ctx.bundle).find(
            (c) => c.type === "chunk" && c.isEntry && c.name === "boot",
          );
          if (boot?.type !== "chunk") throw new Error(`${BOOT} was not built as an entry`);
          tags = [
            `<script type="module" async crossorigin src="${base}${boot.fileName}"></script>`,
            ...boot.imports.map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`),
          ].join("\n    ");
        }
        const first = html.indexOf('<script type="module"');
        if (first < 0) throw new Error("index.html has no module script to put the boot script before");
        return `${html.slice(0, first)}${tags}\n    ${html.slice(first)}`;
      },
    },
  };
}
