import { parseArgs } from "node:util";
import { API_KEY_TYPES, type ApiKeyType } from "@ctxlog/core";
import {
  createApiKey,
  InvalidKeyRequestError,
  listApiKeys,
  type PrismaClient,
  RollApiKeyError,
  revokeApiKey,
  rollApiKey,
} from "@ctxlog/db";
import { UsageError } from "../env";
import { listFlags, userIdFlag } from "./flags";
import { type Out, printRows, printShownOnce } from "./output";
import { runSubcommand } from "./run-subcommand";

const PLAN = /^[a-z][a-z0-9_-]{0,31}$/;

export const KEYS_USAGE = `Usage:
  ctxlog keys create --user <user_id> --type <full|read_only|public|restricted> [--plan <name>]
                     [--agents <pattern,...>] [--expires-in-days N] [--json]
  ctxlog keys list --user <user_id> [--json]
  ctxlog keys revoke <key_id> [--json]
  ctxlog keys roll <key_id> [--overlap-hours N] [--json]`;

function positiveNumber(raw: string | undefined, flag: string, allowZero: boolean): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0 || (!allowZero && n === 0))
    throw new UsageError(`${flag} must be a ${allowZero ? "non-negative" : "positive"} number`);
  return n;
}

function keySummary(k: {
  id: string;
  type: string;
  displayPrefix: string;
  userId: string;
  agentPatterns: string[];
  expiresAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
}) {
  return {
    key_id: k.id,
    user_id: k.userId,
    type: k.type,
    prefix: k.displayPrefix,
    agents: k.agentPatterns,
    created_at: k.createdAt.toISOString(),
    expires_at: k.expiresAt?.toISOString() ?? null,
    revoked_at: k.revokedAt?.toISOString() ?? null,
  };
}

async function create(db: PrismaClient, args: string[], out: Out, defaultPlan: string) {
  const { values } = parseArgs({
    args,
    options: {
      user: { type: "string" },
      type: { type: "string" },
      plan: { type: "string" },
      agents: { type: "string" },
      "expires-in-days": { type: "string" },
      json: { type: "boolean", default: false },
    },
    strict: true,
  });
  const userId = userIdFlag(values.user);
  if (!values.type || !API_KEY_TYPES.includes(values.type as ApiKeyType)) {
    throw new UsageError(`--type must be one of ${API_KEY_TYPES.join(", ")}`);
  }
  if (values.plan !== undefined && !PLAN.test(values.plan))
    throw new UsageError("--plan must be a lowercase name");
  const days = positiveNumber(values["expires-in-days"], "--expires-in-days", false);
  const agentPatterns = values.agents
    ? values.agents
        .split(",")
        .map((p) => p.trim())
        .filter(Boolean)
    : [];
  const { key, record } = await createApiKey(db, {
    userId,
    type: values.type as ApiKeyType,
    plan: values.plan,
    defaultPlan,
    agentPatterns,
    expiresAt: days === undefined ? null : new Date(Date.now() + days * 86_400_000),
  });
  if (values.json) {
    out(JSON.stringify({ key, key_id: record.id, user_id: record.userId, type: record.type }));
    return;
  }
  printShownOnce(
    out,
    `Created a ${record.type} key ${record.id} for user ${record.userId}.`,
    key,
    "Store it now: it is shown once and cannot be recovered. Use it as: Authorization: Bearer <key>",
  );
}

async function list(db: PrismaClient, args: string[], out: Out) {
  const { userId, json } = listFlags(args);
  const keys = (await listApiKeys(db, userId)).map(keySummary);
  printRows(out, json, keys, `No keys for user ${userId}.`, (k) => {
    const state = k.revoked_at
      ? "revoked"
      : k.expires_at && new Date(k.expires_at) <= new Date()
        ? "expired"
        : "active";
    return `${k.key_id}  ${k.type.padEnd(10)} ${k.prefix}…  ${state}${k.expires_at ? `  expires ${k.expires_at}` : ""}`;
  });
}

/** Tells running API processes to drop a key from their auth caches (see AUTH_CACHE_TTL_MS). */
export type NotifyKeyChanged = (keyId: string) => Promise<void>;

async function revoke(db: PrismaClient, args: string[], out: Out, notify: NotifyKeyChanged) {
  const { values, positionals } = parseArgs({
    args,
    options: { json: { type: "boolean", default: false } },
    allowPositionals: true,
    strict: true,
  });
  const keyId = positionals[0];
  if (!keyId) throw new UsageError("keys revoke <key_id>");
  const key = await revokeApiKey(db, keyId);
  if (!key) throw new UsageError(`no key ${keyId}`);
  await notify(key.id);
  out(
    values.json ? JSON.stringify(keySummary(key)) : `Revoked ${key.id} at ${key.revokedAt?.toISOString()}.`,
  );
}

async function roll(db: PrismaClient, args: string[], out: Out, notify: NotifyKeyChanged) {
  const { values, positionals } = parseArgs({
    args,
    options: { "overlap-hours": { type: "string" }, json: { type: "boolean", default: false } },
    allowPositionals: true,
    strict: true,
  });
  const keyId = positionals[0];
  if (!keyId) throw new UsageError("keys roll <key_id> [--overlap-hours N]");
  const overlapHours = positiveNumber(values["overlap-hours"], "--overlap-hours", true) ?? 24;
  const rolled = await rollApiKey(db, keyId, { overlapHours });
  // the old key's cached entry must not outlive its new expiry
  await notify(keyId);
  if (values.json) {
    out(
      JSON.stringify({
        key: rolled.key,
        key_id: rolled.record.id,
        user_id: rolled.record.userId,
        type: rolled.record.type,
        replaces: keyId,
        old_key_expires_at: rolled.oldKeyExpiresAt.toISOString(),
      }),
    );
    return;
  }
  printShownOnce(
    out,
    `Rolled ${keyId} → ${rolled.record.id}. The old key works until ${rolled.oldKeyExpiresAt.toISOString()}.`,
    rolled.key,
    "Store it now: it is shown once and cannot be recovered.",
  );
}

export async function runKeysCommand(
  db: PrismaClient,
  argv: string[],
  out: Out,
  defaultPlan: string,
  notify: NotifyKeyChanged = async () => {},
) {
  await runSubcommand(
    argv,
    KEYS_USAGE,
    {
      create: (args) => create(db, args, out, defaultPlan),
      list: (args) => list(db, args, out),
      revoke: (args) => revoke(db, args, out, notify),
      roll: (args) => roll(db, args, out, notify),
    },
    [InvalidKeyRequestError, RollApiKeyError],
  );
}
