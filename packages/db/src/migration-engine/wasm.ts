import { readFile } from "node:fs/promises";
import path from "node:path";

// The package is an ES module: its types are reached with an explicit resolution mode.
type EngineModule = typeof import("@prisma/schema-engine-wasm", { with: { "resolution-mode": "import" }});
export type SchemaEngineClass = EngineModule["SchemaEngine"];
export type SchemaEngine = SchemaEngineClass["prototype"];

type WasmExports = Record<string, unknown>;

// Node has WebAssembly, but this project's libs (ES2023, no DOM) and @types/node 20 do not declare it.
declare const WebAssembly: {
  instantiate(
    bytes: Uint8Array,
    imports: Record<string, object>,
  ): Promise<{ instance: { exports: WasmExports } }>;
};

interface Glue {
  SchemaEngine: SchemaEngineClass;
  __wbg_set_wasm(exports: WasmExports): void;
}

const GLUE_MODULE = "@prisma/schema-engine-wasm/schema_engine_bg";

let loading: Promise<SchemaEngineClass> | undefined;

/**
 * The engine class, its WebAssembly instantiated on first use and then shared: wasm-bindgen
 * keeps module-level state, and compiling 5 MB of wasm again for every call would cost ~80 ms.
 */
export function loadSchemaEngine(): Promise<SchemaEngineClass> {
  loading ??= instantiate().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

async function instantiate(): Promise<SchemaEngineClass> {
  const gluePath = require.resolve(GLUE_MODULE);
  const [source, bytes] = await Promise.all([
    readFile(gluePath, "utf8"),
    readFile(path.join(path.dirname(gluePath), "schema_engine_bg.wasm")),
  ]);
  const glue = evaluateGlue(source, gluePath);
  const { instance } = await WebAssembly.instantiate(bytes, { "./schema_engine_bg.js": glue });
  glue.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  return glue.SchemaEngine;
}

/**
 * The package ships its wasm-bindgen glue only as an ES module. This workspace is CommonJS, and
 * under jest neither require() nor import() can load an ES module from node_modules (no
 * --experimental-vm-modules). The glue is one flat file of top-level declarations with `export`
 * in front and no imports, so dropping the keyword and returning the declared names gives the same
 * module as a function: evaluated in the caller's realm, so its `instanceof Promise` checks hold
 * under jest too. Anything else in the file means the glue changed shape: fail loudly.
 */
function evaluateGlue(source: string, filename: string): Glue {
  const names: string[] = [];
  const body = source.replace(/^export (function|class) ([\w$]+)/gm, (_match, kind: string, name: string) => {
    names.push(name);
    return `${kind} ${name}`;
  });
  const leftover = /^\s*(export|import)\b.*$/m.exec(body);
  if (leftover || !names.includes("SchemaEngine") || !names.includes("__wbg_set_wasm")) {
    throw new Error(
      `${filename} is not the wasm-bindgen glue this loader understands` +
        (leftover ? ` (unexpected: ${leftover[0].trim()})` : ""),
    );
  }
  const factory = new Function(
    "setTimeout",
    `"use strict";\n${body}\nreturn { ${names.join(", ")} };\n//# sourceURL=${filename}`,
  );
  return factory(unrefSetTimeout) as Glue;
}

/**
 * The engine arms a 10 s timeout around its advisory lock (and maybe elsewhere) and never clears
 * it. Unref'd, such a timer still fires, but no longer keeps a finished process alive for 10 s.
 * The engine's real waits are on database sockets, which keep the process alive on their own.
 */
function unrefSetTimeout(callback: () => void, ms?: number): NodeJS.Timeout {
  return setTimeout(callback, ms).unref();
}
