import { z } from "zod";

const hex = z.string().regex(/^0x[0-9a-fA-F]*$/);

export const proofBundleSchema = z
  .object({
    context_id: z.string(),
    context: z.object({
      agent_id: z.string(),
      context_data: z.record(z.string(), z.unknown()),
      metadata: z.record(z.string(), z.unknown()),
    }),
    canonical_context: z.string().meta({
      description: "The exact UTF-8 text that was hashed: RFC 8785 canonical JSON of `context`.",
    }),
    canonicalization: z.literal("RFC8785"),
    hash_algorithm: z.literal("keccak256"),
    context_hash: hex,
    signature: hex.meta({ description: "EIP-191 personal_sign over the 32 bytes of context_hash." }),
    signature_scheme: z.literal("EIP-191"),
    signer_address: hex,
    merkle_algorithm: z.literal("sorted-pair-keccak256").meta({
      description:
        "Leaves are context hashes; parent = keccak256 of the two children sorted as bytes (OpenZeppelin MerkleProof).",
    }),
    leaf_index: z.int(),
    merkle_proof: z.array(hex),
    merkle_root: hex,
    chain_id: z.int(),
    network: z.string(),
    registry_address: hex,
    transaction_hash: hex.meta({
      description: "Its receipt holds the registry's Anchored(root, count, submitter) log.",
    }),
    block_number: z.int(),
    required_confirmations: z.int(),
  })
  .meta({ id: "ProofBundle" });

export type ProofBundle = z.infer<typeof proofBundleSchema>;
