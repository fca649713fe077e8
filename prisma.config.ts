import { defineConfig } from "prisma/config";

// Prisma 7 reads no .env itself. `generate` needs no database, so the URL is optional here;
// migrations run through scripts/db-migrate.js (WASM schema engine, offline), not the CLI.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/ctxlog" },
});
