import { existsSync } from "node:fs";
import { createDb } from "@ctxlog/db";
import { KEYS_USAGE, runKeysCommand } from "./commands/keys";
import { parseCliEnv, UsageError } from "./env";

async function main(argv: string[]): Promise<number> {
  // The same configuration `npm start` uses: .env, else the defaults of .env.example; variables
  // already set in the environment win.
  const envFile = [".env", ".env.example"].find((f) => existsSync(f));
  if (envFile) process.loadEnvFile(envFile);
  const [group, ...rest] = argv;
  if (group !== "keys") {
    console.error(KEYS_USAGE);
    return 2;
  }
  const env = parseCliEnv(process.env);
  const db = createDb(env.DATABASE_URL, { poolSize: 2 });
  try {
    await runKeysCommand(db, rest, (line) => console.log(line), env.DEFAULT_PLAN);
    return 0;
  } finally {
    await db.$disconnect();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof UsageError ? err.message : err);
    process.exit(err instanceof UsageError ? 2 : 1);
  },
);
