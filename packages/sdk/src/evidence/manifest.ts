// The manifest's signature: EIP-712 by the attestation key, domain {name: "ctxlog", version: "1"}
// (the receipts' domain), over EvidenceManifest(bytes32 manifestHash), where manifestHash is
// keccak256 of the RFC 8785 form of the manifest without its `signature` field.
import { type Hex, recoverTypedDataAddress } from "viem";
import { canonicalize } from "../canonical";
import { RECEIPT_DOMAIN } from "../chain-entry";
import { keccak256Utf8 } from "../keccak";
import { PACK_FILES, PACK_FORMATS, type PackManifest } from "./pack-format";

export const MANIFEST_TYPES = { EvidenceManifest: [{ name: "manifestHash", type: "bytes32" }] } as const;

/** keccak256 of the canonical manifest without `signature`: what the signature covers. */
export function manifestHash(manifest: Omit<PackManifest, "signature"> | PackManifest): Hex {
  const { signature: _, ...signed } = manifest as PackManifest;
  return keccak256Utf8(canonicalize(signed));
}

/** The typed data to sign (viem's signTypedData, ethers' signTypedData, any EIP-712 tool). */
export function manifestTypedData(manifest: Omit<PackManifest, "signature"> | PackManifest) {
  return {
    domain: RECEIPT_DOMAIN,
    types: MANIFEST_TYPES,
    primaryType: "EvidenceManifest" as const,
    message: { manifestHash: manifestHash(manifest) },
  };
}

const HASH32 = /^0x[0-9a-fA-F]{64}$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const SIGNATURE = /^0x(?:[0-9a-fA-F]{128}|[0-9a-fA-F]{130})$/;
const ISO_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const SHA256 = /^[0-9a-f]{64}$/;
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const count = (v: unknown) => Number.isSafeInteger(v) && (v as number) >= 0;

/** Why the parsed manifest.json is not a manifest of a format the verifier reads, or null. */
export function manifestShapeProblem(m: unknown): string | null {
  if (!isObject(m)) return "the manifest is not a JSON object";
  if (!(PACK_FORMATS as readonly unknown[]).includes(m.format))
    return `format is ${JSON.stringify(m.format)}, not ${PACK_FORMATS.map((f) => `"${f}"`).join(" or ")}`;
  if (typeof m.user_id !== "string" || typeof m.agent_id !== "string")
    return "user_id and agent_id must be strings";
  const range = m.range;
  if (!isObject(range) || !ISO_MS.test(String(range.from)) || !ISO_MS.test(String(range.to)))
    return "range must be {from, to}, ISO 8601 UTC with milliseconds";
  if (!(Date.parse(range.from as string) < Date.parse(range.to as string)))
    return "range.from must be before range.to";
  const seq = m.sequence_range;
  if (
    seq !== null &&
    !(
      isObject(seq) &&
      Number.isSafeInteger(seq.first) &&
      Number.isSafeInteger(seq.last) &&
      (seq.first as number) >= 1 &&
      (seq.last as number) >= (seq.first as number)
    )
  )
    return "sequence_range must be {first, last} with 1 ≤ first ≤ last, or null";
  const c = m.counts;
  if (!isObject(c) || !count(c.entries) || !count(c.erased) || !count(c.anchors) || !count(c.erasures))
    return "counts must be {entries, erased, anchors, erasures}, integers ≥ 0";
  if (!isObject(m.files)) return "files must be an object";
  const files = m.files;
  const listed = Object.keys(files);
  if (listed.length !== PACK_FILES.length || PACK_FILES.some((f) => !listed.includes(f)))
    return `files must list exactly ${PACK_FILES.join(", ")}`;
  for (const name of PACK_FILES) {
    const f = files[name];
    if (!isObject(f) || typeof f.sha256 !== "string" || !SHA256.test(f.sha256) || !count(f.bytes))
      return `files["${name}"] must be {sha256: 64 lowercase hex digits, bytes}`;
  }
  if (!ISO_MS.test(String(m.created_at))) return "created_at must be ISO 8601 UTC with milliseconds";
  if (typeof m.created_by !== "string" || m.created_by === "") return "created_by must be a non-empty string";
  if (typeof m.signer !== "string" || !ADDRESS.test(m.signer))
    return "signer must be a 20-byte 0x-hex address";
  if (typeof m.signature !== "string" || !SIGNATURE.test(m.signature))
    return "signature must be 65 bytes of 0x-hex";
  return null;
}

/** Why the manifest's signature is not by its signer (or a trusted key), or null. */
export async function manifestSignatureProblem(
  m: PackManifest,
  trustedSigners?: readonly string[],
): Promise<string | null> {
  let recovered: string;
  try {
    recovered = await recoverTypedDataAddress({ ...manifestTypedData(m), signature: m.signature });
  } catch (error) {
    return `the signature does not recover: ${(error as Error).message.split("\n")[0]}`;
  }
  if (recovered.toLowerCase() !== m.signer.toLowerCase())
    return `the signature recovers ${recovered}, not the manifest's signer ${m.signer}`;
  if (trustedSigners && !trustedSigners.some((s) => s.toLowerCase() === recovered.toLowerCase()))
    return `the manifest's signer ${recovered} is not a trusted attestation key`;
  return null;
}

export const isHash32 = (v: unknown): v is Hex => typeof v === "string" && HASH32.test(v);
export const isIsoMs = (v: unknown): v is string => typeof v === "string" && ISO_MS.test(v);
