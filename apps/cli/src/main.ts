import { existsSync } from "node:fs";
import { pgTimeoutsFrom, redisTargetFrom } from "@ctxlog/core";
import { createDb } from "@ctxlog/db";
import { createRedisConnection, publishKeyRevocation } from "@ctxlog/jobs";
import { createSmtpSender } from "@ctxlog/mail";
import { ACCOUNTS_USAGE, runAccountsCommand } from "./commands/accounts";
import { KEYS_USAGE, type NotifyKeyChanged, runKeysCommand } from "./commands/keys";
import { runSecretsCommand, SECRETS_USAGE } from "./commands/secrets";
import {
  type CliEnv,
  CommandFailed,
  parseCliEnv,
  publicBaseUrl,
  requireSecretKeyring,
  UsageError,
} from "./env";

/** Publishes a key change to running APIs; a failure is a warning, never a failed command. */
function keyChangeNotifier(env: CliEnv): NotifyKeyChanged {
  const url = env.REDIS_URL;
  if (!url) return async () => {};
  return async (keyId) => {
    const redis = createRedisConnection(redisTargetFrom({ ...env, REDIS_URL: url }), "producer", {
      lazyConnect: true,
      commandTimeout: 2_000, // a stalled Redis must not hold the command forever
    });
    try {
      await redis.connect();
      await publishKeyRevocation(redis, env.REDIS_PREFIX, keyId);
    } catch (err) {
      console.error(
        `warning: could not notify running APIs (${(err as Error).message}); they drop ${keyId} within AUTH_CACHE_TTL_MS`,
      );
    } finally {
      redis.disconnect();
    }
  };
}

async function main(argv: string[]): Promise<number> {
  // The same configuration `npm start` uses: .env, else the defaults of .env.example; variables
  // already set in the environment win.
  const envFile = [".env", ".env.example"].find((f) => existsSync(f));
  if (envFile) process.loadEnvFile(envFile);
  const [group, ...rest] = argv;
  if (group !== "keys" && group !== "secrets" && group !== "accounts") {
    const more = [SECRETS_USAGE, ACCOUNTS_USAGE].map((u) => u.replace(/^Usage:\n/, ""));
    console.error([KEYS_USAGE, ...more].join("\n"));
    return 2;
  }
  const env = parseCliEnv(process.env);
  const keyring = group === "secrets" ? requireSecretKeyring(env) : undefined;
  const db = createDb(env.DATABASE_URL, { poolSize: 2, timeouts: pgTimeoutsFrom(env) });
  const out = (line: string) => console.log(line);
  try {
    if (keyring) await runSecretsCommand(db, rest, out, keyring);
    else if (group === "accounts") {
      const mail = env.SMTP_URL
        ? createSmtpSender({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM ?? "" })
        : null;
      try {
        await runAccountsCommand(db, rest, out, {
          defaultPlan: env.DEFAULT_PLAN,
          publicBaseUrl: publicBaseUrl(env),
          mail,
          development: env.CTXLOG_DEV_MODE,
        });
      } finally {
        mail?.close();
      }
    } else await runKeysCommand(db, rest, out, env.DEFAULT_PLAN, keyChangeNotifier(env));
    return 0;
  } finally {
    await db.$disconnect();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof UsageError || err instanceof CommandFailed ? err.message : err);
    process.exit(err instanceof UsageError ? 2 : 1);
  },
);
