import { AppError, jsonStringBytes } from "@ctxlog/core";
import { type AgentEntry, measureAgentEntries, streamAgentEntries } from "@ctxlog/db";
import type { Response } from "express";
import type { ApiDeps } from "../../deps";
import { applyRateLimit } from "../../http/rate-limit";
import { logProof } from "../contexts/log-proof";
import { proofBundle } from "../contexts/proof-bundle";
import type { TransparencyLogProof } from "../contexts/proof-schema";
import type { RouteHandler } from "../route-spec";
import { ExportSlots } from "./export-slots";
import { findLog } from "./read-agents";
import type { agentParamsSchema, exportAgentQuerySchema } from "./schemas";
import { TreeHeadLogs } from "./tree-head-logs";

const WRITE_CHUNK = 64 * 1024;
const SMALL_ENTRY = 16 * 1024;

/**
 * One line of the export (the entry's proof bundle and status) as bytes: version 4 with `log` (the
 * tree head's checkpoint, TreeHeadLogs) for an entry anchored by the log's tree head. The bulk of a line is the
 * entry's canonical JSON, twice: as `context` (it is the canonical form of {agent_id, context_data,
 * metadata}, so it is written as it is) and as the `canonical_context` string. Both are written
 * from the stored bytes, neither parsed nor made a string: a large string stays in V8's heap until
 * a full collection, which let six exports of 250 KiB entries grow the API's memory past its bound.
 */
export function exportLine(entry: AgentEntry, confirmations: number, log?: TransparencyLogProof): Buffer {
  const row = { ...entry, contextData: {}, metadata: {}, canonicalJson: null };
  const {
    context: _context,
    canonical_context: _canonical,
    ...rest
  } = {
    ...proofBundle(row, entry.anchor, confirmations, log),
    status: entry.status,
  };
  // an erased entry: its data is gone, the rest of the line (hashes, proof) is whole
  const context =
    entry.canonicalBytes ??
    Buffer.from(JSON.stringify({ agent_id: entry.agentId, context_data: null, metadata: null }));
  return Buffer.concat([
    LINE_START,
    context,
    CANONICAL_CONTEXT,
    entry.canonicalBytes === null ? NULL : jsonStringBytes(entry.canonicalBytes),
    Buffer.from(`,${JSON.stringify(rest).slice(1)}\n`),
  ]);
}

const LINE_START = Buffer.from('{"context":');
const CANONICAL_CONTEXT = Buffer.from(',"canonical_context":');
const NULL = Buffer.from("null");

/** Waits for room in the socket's buffer, or for the client to leave (no drain comes then). */
function drainedOrClosed(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.once("drain", done);
    res.once("close", done);
  });
}

/**
 * GET /v1/agents/:agent_id/export — the log's entries in sequence order as NDJSON, one proof
 * bundle per line, read in pages bounded by bytes (EXPORT_PAGE_BYTES) and written with
 * backpressure: memory stays bounded whatever the log's length or its entries' size.
 *
 * Exports are few at once (EXPORT_MAX_PER_USER, EXPORT_MAX_PER_PROCESS; 429 beyond), and cost
 * rate-limit units by size: one more per EXPORT_BYTES_PER_UNIT of entries, spent before the first
 * byte (an export the budget cannot cover is a 429 that spends nothing). The range is fixed at the
 * head when the export starts, so what is charged is what is sent.
 *
 * A failure after the first line cuts the stream (no closing line), which an audit reports as an
 * incomplete log, never as a complete one.
 */
export function exportAgent(deps: ApiDeps): RouteHandler<{
  params: typeof agentParamsSchema;
  query: typeof exportAgentQuerySchema;
  scope: "contexts";
}> {
  const { env } = deps;
  const slots = new ExportSlots(deps.redis, {
    prefix: env.REDIS_PREFIX,
    perUser: env.EXPORT_MAX_PER_USER,
    perProcess: env.EXPORT_MAX_PER_PROCESS,
  });
  return async ({ params, query, auth, scope: reader, res }) => {
    if (query.from_sequence && query.to_sequence && query.from_sequence > query.to_sequence) {
      throw new AppError("VALIDATION_ERROR", "from_sequence is after to_sequence.");
    }
    const log = await findLog(deps, reader, params.agent_id);
    const range = {
      agentId: params.agent_id,
      fromSequence: query.from_sequence,
      toSequence: Math.min(query.to_sequence ?? log.headSequence, log.headSequence),
    };
    const release = await slots.acquire(auth.userId, res);
    res.once("close", release);
    try {
      const bytes = await measureAgentEntries(deps.db, reader, range);
      const units = Math.floor(bytes / env.EXPORT_BYTES_PER_UNIT); // beyond the request's own unit
      if (units > 0) {
        const state = await deps.rateLimiter.consume(auth.userId, auth.plan, units);
        applyRateLimit(
          res,
          state,
          `This export costs ${units + 1} units, more than the rate limit has left.`,
        );
      }
    } catch (err) {
      release();
      throw err;
    }
    res.status(200).type("application/x-ndjson");
    let chunk: Buffer[] = [];
    let chunkBytes = 0;
    const logs = new TreeHeadLogs((treeSize) => logProof(deps.db, treeSize));
    try {
      for await (const entry of streamAgentEntries(deps.db, reader, {
        ...range,
        pageBytes: env.EXPORT_PAGE_BYTES,
      })) {
        if (res.destroyed) break; // the client left: read no further
        const line = exportLine(entry, env.CONFIRMATIONS, await logs.of(entry));
        chunk.push(line);
        chunkBytes += line.length;
        // small lines are gathered into one write of WRITE_CHUNK or so; a large one goes at once
        if (chunkBytes < WRITE_CHUNK && line.length < SMALL_ENTRY) continue;
        // One write per line or chunk, never corked: a corked write's answer is about the
        // response's own buffer, not the socket's, so it said "full" while the socket took it all
        // and no drain ever came (exports past ~64 KiB hung).
        const room = res.write(chunk.length === 1 ? line : Buffer.concat(chunk, chunkBytes));
        chunk = [];
        chunkBytes = 0;
        if (!room) await drainedOrClosed(res);
      }
      res.end(chunkBytes > 0 ? Buffer.concat(chunk, chunkBytes) : undefined);
    } catch (err) {
      deps.logger.warn({ err, agent: params.agent_id }, "agent export cut short");
      res.destroy(err as Error);
    } finally {
      release();
    }
  };
}
