import { z } from "zod";
import { addressSchema, hash32Schema, signatureHexSchema } from "../shared-schemas";

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
    context_hash: hash32Schema,
    signature: signatureHexSchema.meta({
      description: "EIP-191 personal_sign over the 32 bytes of context_hash.",
    }),
    signature_scheme: z.literal("EIP-191"),
    signer_address: addressSchema.meta({ description: "EIP-55 checksummed address of the signer." }),
    merkle_algorithm: z.literal("sorted-pair-keccak256").meta({
      description:
        "Leaves are context hashes; parent = keccak256 of the two children sorted as bytes (OpenZeppelin MerkleProof).",
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
    block_number: z.int(),
    required_confirmations: z.int(),
  })
  .meta({ id: "ProofBundle" });

export type ProofBundle = z.infer<typeof proofBundleSchema>;
