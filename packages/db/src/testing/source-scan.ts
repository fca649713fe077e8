// What the owner tests (context-status-owners, anchor-status-owners) scan: every production source
// file of the workspace, and its code without comments, so that prose may name what code must not.
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";

export const REPOSITORY_ROOT = join(__dirname, "../../../..");

/** Production source: .ts and .sql under apps/*\/src and packages/*\/src, without tests and generated code. */
export function productionFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!["node_modules", "generated", "dist", "testing"].includes(entry.name)) walk(path);
      } else if (
        /\.(ts|tsx|sql)$/.test(entry.name) &&
        !/\.test\.tsx?$|\.queries\.ts$|^testing\.ts$/.test(entry.name)
      ) {
        out.push(relative(REPOSITORY_ROOT, path));
      }
    }
  };
  for (const top of ["apps", "packages"]) {
    for (const pkg of readdirSync(join(REPOSITORY_ROOT, top), { withFileTypes: true })) {
      if (!pkg.isDirectory()) continue;
      try {
        walk(join(REPOSITORY_ROOT, top, pkg.name, "src"));
      } catch {
        // a package without src
      }
    }
  }
  return out.sort();
}

/** The text without comments (SQL `--` and TS `//` lines, and block comments), on one line. */
export const codeOf = (text: string) =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*(--|\/\/).*$/gm, "")
    .replace(/\s+/g, " ");
