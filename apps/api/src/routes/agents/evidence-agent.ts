import { AppError, planRetentionDays } from "@ctxlog/core";
import {
  type AgentEntry,
  type ContextReader,
  legalHoldsOverlapping,
  measureAgentEntries,
  streamAgentEntries,
} from "@ctxlog/db";
import { manifestTypedData, PACK_FORMAT, type PackManifest } from "@ctxlog/sdk";
import type { ApiDeps } from "../../deps";
import { applyRateLimit } from "../../http/rate-limit";
import { logProof } from "../contexts/log-proof";
import type { RouteHandler } from "../route-spec";
import { EvidenceChainReader } from "./evidence-chain";
import { writeEvidencePack } from "./evidence-pack";
import { packRange } from "./evidence-range";
import { ExportSlots } from "./export-slots";
import { findLog } from "./read-agents";
import type { agentParamsSchema, evidenceQuerySchema } from "./schemas";
import { TreeHeadLogs } from "./tree-head-logs";

/** The one entry at `sequence`, as the export reads it (its receipt for completeness.json). */
async function entryAt(deps: ApiDeps, reader: ContextReader, agentId: string, sequence: number | null) {
  if (sequence === null) return null;
  for await (const entry of streamAgentEntries(deps.db, reader, {
    agentId,
    fromSequence: sequence,
    toSequence: sequence,
  }))
    return entry;
  return null;
}

/**
 * GET /v1/agents/:agent_id/evidence — one evidence pack (docs/evidence.md, format 2) of the
 * entries received in [from, to), streamed as a zip: the entries are read in pages bounded by bytes
 * as the export reads them, each anchor's chain data is read from RPC_URL as its turn comes, and
 * every file is hashed as it is written, so memory stays bounded whatever the period's size. The
 * manifest, signed by the attestation key, is written last.
 *
 * Everything that can refuse the pack (range, agent, RPC node, slots, rate limit) is checked before
 * the first byte; a failure after it cuts the stream, and a cut zip has no central directory, so it
 * cannot be taken for a whole pack.
 */
export function evidenceAgent(deps: ApiDeps): RouteHandler<{
  params: typeof agentParamsSchema;
  query: typeof evidenceQuerySchema;
  scope: "contexts";
}> {
  const { env } = deps;
  const slots = new ExportSlots(deps.redis, {
    prefix: `${env.REDIS_PREFIX}:evidence`, // packs take slots of their own, counted apart from exports
    perUser: env.EXPORT_MAX_PER_USER,
    perProcess: env.EXPORT_MAX_PER_PROCESS,
  });
  // the attestation key's one holder, which signs every receipt too
  const attestation = deps.signer;
  const access = deps.chain;
  const chain = access ? new EvidenceChainReader(access.client, env.CONFIRMATIONS, deps.logger) : null;
  return async ({ params, query, auth, scope: reader, res }) => {
    const from = new Date(query.from);
    const asked = new Date(query.to);
    if (!(from < asked)) throw new AppError("VALIDATION_ERROR", "from must be before to.");
    const log = await findLog(deps, reader, params.agent_id);
    if (!access || !chain)
      throw new AppError(
        "SERVICE_UNAVAILABLE",
        "Evidence packs need the chain: this server has no RPC_URL and REGISTRY_ADDRESS configured.",
      );
    const chainId = await chain.chainId();
    const range = await packRange(deps.db, reader, {
      agentId: params.agent_id,
      from,
      to: asked,
      headSequence: log.headSequence,
    });
    const [before, after] = await Promise.all([
      entryAt(deps, reader, params.agent_id, range.before),
      entryAt(deps, reader, params.agent_id, range.after),
    ]);
    const signers = await deps.signers.list();
    const holds = await legalHoldsOverlapping(deps.db, {
      userId: auth.userId,
      agentId: params.agent_id,
      from: range.from,
      to: range.to,
    });

    const release = await slots.acquire(auth.userId, res);
    res.once("close", release);
    try {
      if (range.entries) {
        const bytes = await measureAgentEntries(deps.db, reader, {
          agentId: params.agent_id,
          fromSequence: range.entries.first,
          toSequence: range.entries.last,
        });
        const units = Math.floor(bytes / env.EXPORT_BYTES_PER_UNIT);
        if (units > 0) {
          const state = await deps.rateLimiter.consume(auth.userId, auth.plan, units);
          applyRateLimit(
            res,
            state,
            `This pack costs ${units + 1} units, more than the rate limit has left.`,
          );
        }
      }
    } catch (err) {
      release();
      throw err;
    }

    const createdAt = new Date();
    const entries: AsyncIterable<AgentEntry> = range.entries
      ? streamAgentEntries(deps.db, reader, {
          agentId: params.agent_id,
          fromSequence: range.entries.first,
          toSequence: range.entries.last,
          pageBytes: env.EXPORT_PAGE_BYTES,
        })
      : emptyEntries();
    const name = `evidence-${params.agent_id}-${createdAt.toISOString().replace(/[:.]/g, "")}.zip`;
    res
      .status(200)
      .type("application/zip")
      .setHeader("Content-Disposition", `attachment; filename="${name}"`);
    try {
      await writeEvidencePack(res, {
        entries,
        chain,
        logs: new TreeHeadLogs((treeSize) => logProof(deps.db, treeSize)),
        sign: async (unsigned: Omit<PackManifest, "signature">) =>
          attestation.signTypedData(manifestTypedData(unsigned)),
        facts: {
          format: PACK_FORMAT,
          userId: auth.userId,
          agentId: params.agent_id,
          range,
          before,
          after,
          head: { sequence: log.headSequence, entry_hash: log.headEntryHash },
          chainId,
          network: env.NETWORK_NAME,
          registryAddress: access.registryAddress,
          confirmations: env.CONFIRMATIONS,
          signersWith: (submitters) => deps.signers.withAnchorSubmitters(signers, submitters),
          signer: attestation.address,
          retentionDays: planRetentionDays(auth.plan, env),
          minRetentionDays: env.CONTEXT_DATA_MIN_RETENTION_DAYS,
          holds,
          createdAt,
          createdBy: auth.session ? `account:${auth.session.accountId}` : `key:${auth.keyId}`,
        },
      });
    } catch (err) {
      deps.logger.warn({ err, agent: params.agent_id }, "evidence pack cut short");
      res.destroy(err as Error);
    } finally {
      release();
    }
  };
}

async function* emptyEntries(): AsyncGenerator<AgentEntry> {}
