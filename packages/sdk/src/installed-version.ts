/**
 * The version of an installed package, read at run time (never a string kept by hand): from the
 * package.json found by walking up from a module the package exports (`entry`, default its main),
 * because an exports map may hide `<name>/package.json`. Undefined when it cannot be found (a
 * bundler, a browser, the package absent). Node only: node:fs and node:path are loaded on call.
 */
export function installedVersion(name: string, entry: string = name): string | undefined {
  try {
    const fs = require("node:fs") as typeof import("node:fs");
    const path = require("node:path") as typeof import("node:path");
    let dir = path.dirname(require.resolve(entry));
    for (;;) {
      const file = path.join(dir, "package.json");
      if (fs.existsSync(file)) {
        const found = JSON.parse(fs.readFileSync(file, "utf8")) as { name?: unknown; version?: unknown };
        if (found.name === name && typeof found.version === "string") return found.version;
      }
      const parent = path.dirname(dir);
      if (parent === dir) return undefined;
      dir = parent;
    }
  } catch {
    return undefined;
  }
}

/** `<name>@<version>` of an installed package, or its name alone when its version is unknown. */
export function installedLibrary(name: string, entry?: string): string {
  const version = installedVersion(name, entry);
  return version ? `${name}@${version}` : name;
}
