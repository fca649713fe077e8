import { performance } from "node:perf_hooks";
import { AppError, MicroBatcher, newId, runVerificationChecks } from "@ctxlog/core";
import { type NewVerification, recordVerifications } from "@ctxlog/db";
import type { Address, Hex } from "viem";
import type { ApiDeps } from "../../deps";
import type { RouteHandler } from "../route-spec";
import { subjectByData, subjectById, type VerificationSubject } from "./resolve-subject";
import type { createVerificationBodySchema } from "./schemas";
import { verificationResource } from "./verification-resource";

const NO_CHAIN =
  "Verification reads the chain, and this deployment has no RPC_URL configured: set RPC_URL and " +
  "REGISTRY_ADDRESS for the API (GET /v1/contexts/:id/proof still gives a bundle to verify elsewhere).";

/**
 * POST /v1/verifications — recomputes the hash from the data, checks the stored signature against
 * the published signers, reads the transaction's receipt, its Anchored log (sent by a published
 * signer), its block and the head,
 * and folds the Merkle proof (for a context anchored by the log's tree head: its RFC 6962 inclusion
 * proof, and the checkpoint the log signed at the anchored size, with its witnesses' cosignatures):
 * each check named with its reason. A failed check is a 200 with
 * verified false; only an unreadable chain is an error (503). The verification and its
 * `verification.completed` event are stored together, before the answer; concurrent
 * verifications share one transaction (group commit).
 */
export function createVerification({
  db,
  chain,
  signers,
  env,
}: ApiDeps): RouteHandler<{ body: typeof createVerificationBodySchema; scope: "contexts" }> {
  const writer = new MicroBatcher<NewVerification>({
    maxBatch: 100,
    maxConcurrent: 4,
    flush: (rows) => recordVerifications(db, rows),
  });
  return async ({ body, auth, scope: reader, res }) => {
    const started = performance.now();
    // the router checked the body against the one form whose keys it uses (http/validate.ts)
    const subject: VerificationSubject =
      "context_id" in body
        ? await subjectById(db, reader, body.context_id, body.context)
        : await subjectByData(db, reader, body);
    if (!chain) throw new AppError("SERVICE_UNAVAILABLE", NO_CHAIN);

    const registries = [chain.registryAddress, ...(subject.registry ? [subject.registry as Address] : [])];
    const [observation, publishedBefore] = await Promise.all([
      chain.read({
        transactionHash: subject.transactionHash as Hex | null,
        registries,
        recordedBlockNumber: subject.recordedBlockNumber,
      }),
      // the signature and the Anchored log's submitter are both checked against the published signers
      signers.list(),
    ]);
    // the submitters the receipt names: an anchor key new since the last fold is folded in first
    const published = await signers.withAnchorSubmitters(
      publishedBefore,
      observation.receipt?.anchored.map((a) => a.submitter) ?? [],
    );
    const outcome = await runVerificationChecks({
      data: subject.data,
      stored: subject.stored,
      missingReason: subject.missingReason,
      transactionHash: subject.transactionHash,
      registries,
      signers: published,
      chain: observation,
      requiredConfirmations: env.CONFIRMATIONS,
    });

    const row: NewVerification = {
      id: newId("vrf"),
      userId: auth.userId,
      apiKeyId: auth.keyId,
      contextId: subject.contextId,
      transactionHash: subject.transactionHash,
      verified: outcome.verified,
      agentId: subject.agentId,
      contextHash: outcome.contextHash,
      signatureValid: outcome.signatureValid,
      hashMatches: outcome.hashMatches,
      blockNumber: outcome.blockNumber,
      confirmations: outcome.confirmations,
      verificationTimeMs: Math.max(0, Math.round(performance.now() - started)),
      checks: outcome.checks,
      createdAt: new Date(),
    };
    await writer.add(row);
    res.setHeader("Location", `/v1/verifications/${row.id}`);
    res.status(200).json(verificationResource(row));
  };
}
