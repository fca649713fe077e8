import path from "node:path";

// src/ and dist/ sit at the same depth, so these hold for the sources (jest, scripts) and the build.
const REPO_ROOT = path.resolve(__dirname, "..", "..", "..");

/** The repository's `prisma/migrations`. */
export const DEFAULT_MIGRATIONS_DIR = path.join(REPO_ROOT, "prisma", "migrations");

/** The repository's `prisma/schema.prisma`. */
export const DEFAULT_SCHEMA_PATH = path.join(REPO_ROOT, "prisma", "schema.prisma");
