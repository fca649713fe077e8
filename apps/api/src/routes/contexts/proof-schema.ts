import { chainLinkFields } from "@ctxlog/core";
import { z } from "zod";
import { addressSchema, hash32Schema, signatureHexSchema } from "../shared-schemas";

/** The fields that place a context in its agent's log (null on version 1 bundles). */
export { chainLinkFields };

/** Version 4: where the context sits in the transparency log, and the signed checkpoint of that tree. */
export const transparencyLogProofSchema = z
  .object({
    origin: z.string().meta({ description: "The log's origin line (TLOG_ORIGIN)." }),
    verifier_key: z.string().meta({
      description: "The log's note verifier key (name+hash+base64, as GET /v1/tlog/key and Go's sumdb/note).",
    }),
    tree_size: z.int().min(1).meta({ description: "The size of the checkpoint's tree merkle_proof is in." }),
    checkpoint: z.string().meta({
      description:
        "The C2SP tlog-checkpoint for tree_size: the signed note, with every witness cosignature collected.",
    }),
    witness_policy: z
      .object({ threshold: z.int().min(0), witnesses: z.array(z.string()) })
      .meta({ description: "The service's witness policy: threshold of the witnesses' verifier keys." }),
    anchored_tree_size: z.int().min(1).meta({
      description: "The tree size anchored on chain with merkle_root (the Anchored log's count).",
    }),
    consistency_proof: z.array(hash32Schema).meta({
      description:
        "RFC 6962 consistency proof between the checkpoint's tree and the anchored one; empty when they are the same.",
    }),
  })
  .meta({ id: "TransparencyLogProof" });

export const proofBundleSchema = z
  .object({
    version: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).meta({
      description:
        "4: version 3's fields, anchored by the transparency log's tree head: merkle_algorithm RFC6962-SHA256, " +
        "leaf_index the log index, merkle_proof the inclusion proof in the checkpoint's tree, and `log`. 3: the signature is the EIP-712 signature of the context's Receipt, whose every field the bundle " +
        "carries (received_at, eip712_domain); the Merkle leaf is entry_hash. 2: the same log fields, the " +
        "signature EIP-191 over context_hash (contexts signed before). 1: a context logged before logs " +
        "were chained; its leaf is context_hash and the chain fields are null.",
    }),
    context_id: z.string(),
    user_id: z.string().meta({ description: "The log's owner: with agent_id, the log's identity." }),
    ...chainLinkFields,
    context: z.object({
      agent_id: z.string(),
      context_data: z.record(z.string(), z.unknown()).nullable().meta({ description: "Null once erased." }),
      metadata: z.record(z.string(), z.unknown()).nullable().meta({ description: "Null once erased." }),
    }),
    canonical_context: z
      .string()
      .nullable()
      .meta({
        description:
          "The exact UTF-8 text that was hashed: RFC 8785 canonical JSON of `context`. Null once erased: " +
          "the data checks are then unavailable, every other check still runs from context_hash.",
      }),
    data_erased_at: z.iso
      .datetime()
      .optional()
      .meta({
        description:
          "Only on a context whose data was erased: when. context_data, metadata and canonical_context are " +
          "then null; whoever kept the data can still check it against context_hash.",
      }),
    data_erasure_reason: z.string().nullable().optional().meta({
      description: "Only on an erased context: the reason its erasure request gave (null when none).",
    }),
    canonicalization: z.literal("RFC8785"),
    hash_algorithm: z.literal("keccak256"),
    context_hash: hash32Schema,
    signature: signatureHexSchema.meta({
      description:
        "Version 3: EIP-712 signature under eip712_domain of Receipt(bytes32 contextHash,string userId," +
        "string agentId,uint64 sequence,bytes32 prevEntryHash,uint64 receivedAt), receivedAt being " +
        "received_at in Unix milliseconds. Versions 1 and 2: EIP-191 personal_sign over the 32 bytes of " +
        "context_hash.",
    }),
    signature_scheme: z.enum(["EIP-712", "EIP-191"]).meta({
      description: "EIP-712 on version 3, EIP-191 on versions 1 and 2.",
    }),
    received_at: z.iso
      .datetime()
      .optional()
      .meta({
        description:
          "Version 3 only: when the service accepted the context (ISO 8601 UTC, milliseconds); the Receipt's " +
          "receivedAt is its Unix time in milliseconds.",
      }),
    eip712_domain: z
      .object({ name: z.literal("ctxlog"), version: z.literal("1") })
      .optional()
      .meta({
        description: "Version 3 only: the Receipt's EIP-712 domain (no chainId, no verifyingContract).",
      }),
    signer_address: addressSchema.meta({ description: "EIP-55 checksummed address of the signer." }),
    merkle_algorithm: z.enum(["sorted-pair-keccak256", "RFC6962-SHA256"]).meta({
      description:
        "sorted-pair-keccak256 (versions 1–3): the batch's own tree; leaves are entry hashes (version 2) or " +
        "context hashes (version 1); parent = keccak256 of the two children sorted as bytes (OpenZeppelin " +
        "MerkleProof). RFC6962-SHA256 (version 4): the transparency log's tree; the leaf is the 32 bytes of " +
        "entry_hash, hashed as SHA-256(0x00 ‖ leaf), a node as SHA-256(0x01 ‖ left ‖ right).",
    }),
    leaf_index: z.int(),
    merkle_proof: z
      .array(hash32Schema)
      .meta({ description: "Sibling hashes from the leaf up; empty for a batch of one." }),
    merkle_root: hash32Schema,
    chain_id: z.int(),
    network: z.string(),
    registry_address: addressSchema.meta({
      description: "The registry contract, as the deployment configured it.",
    }),
    transaction_hash: hash32Schema.meta({
      description: "Its receipt holds the registry's Anchored(root, count, submitter) log.",
    }),
    anchor_address: addressSchema.nullable().meta({
      description:
        "The service's anchor key that sent the batch (GET /v1/signers, kind `anchor`): the Anchored log's " +
        "submitter must be it. Null only on lines of an export whose entry is not in a mined batch.",
    }),
    block_number: z.int(),
    required_confirmations: z.int(),
    log: transparencyLogProofSchema.optional().meta({
      description:
        "Version 4 only: the transparency log's checkpoint and how it meets the anchored tree head.",
    }),
  })
  .meta({ id: "ProofBundle" });

export type ProofBundle = z.infer<typeof proofBundleSchema>;
export type TransparencyLogProof = z.infer<typeof transparencyLogProofSchema>;
