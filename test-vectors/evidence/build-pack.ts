// The reference writer of pack format 2 (docs/evidence.md), for the vectors: files from an
// agent's log and the recorded chain, the manifest over them, signed by the attestation key, and
// the zip. The API's writer must produce the same files from the same log.
import { createHash } from "node:crypto";
import { manifestTypedData, PACK_FILES, PACK_FORMAT, type PackManifest } from "@ctxlog/sdk";
import { zipSync } from "fflate";
import type { Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";

export type Files = Map<string, Uint8Array>;
type Json = Record<string, unknown>;

const utf8 = new TextEncoder();
/** JSON files: two-space indented, one trailing newline. NDJSON: one compact line each, each ending "\n". */
export const jsonFile = (value: unknown) => utf8.encode(`${JSON.stringify(value, null, 2)}\n`);
export const ndjsonFile = (lines: readonly unknown[]) =>
  utf8.encode(lines.map((l) => `${JSON.stringify(l)}\n`).join(""));
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

export interface ManifestFields {
  user_id: string;
  agent_id: string;
  range: { from: string; to: string };
  sequence_range: { first: number; last: number } | null;
  counts: PackManifest["counts"];
  created_at: string;
  created_by: string;
}

/** The manifest over `files` (every file but the manifest), signed; returns the pack with it. */
export async function sealPack(files: Files, fields: ManifestFields, attestationKey: Hex): Promise<Files> {
  const account = privateKeyToAccount(attestationKey);
  const listed = Object.fromEntries(
    PACK_FILES.map((name) => {
      const bytes = files.get(name) as Uint8Array;
      return [name, { sha256: sha256(bytes), bytes: bytes.length }];
    }),
  ) as PackManifest["files"];
  const unsigned: Omit<PackManifest, "signature"> = {
    format: PACK_FORMAT,
    ...fields,
    files: listed,
    signer: account.address,
  };
  const signature = await account.signTypedData(manifestTypedData(unsigned));
  const manifest: PackManifest = { ...unsigned, signature };
  const sealed: Files = new Map([["manifest.json", jsonFile(manifest)]]);
  for (const name of PACK_FILES) sealed.set(name, files.get(name) as Uint8Array);
  return sealed;
}

/** The manifest of a sealed pack, parsed. */
export const manifestOf = (files: Files) =>
  JSON.parse(new TextDecoder().decode(files.get("manifest.json"))) as PackManifest;

/** Deflated, with one fixed time on every file, so the same files make the same zip. */
export function zipPack(files: Files): Uint8Array {
  const entries: Record<string, [Uint8Array, { mtime: Date }]> = {};
  for (const [name, bytes] of files) entries[name] = [bytes, { mtime: new Date("2026-01-01T00:00:00Z") }];
  return zipSync(entries, { level: 6 });
}

/** activity.json's days from the entries (UTC dates of received_at). */
export function activityDays(entries: readonly Json[]) {
  const days = new Map<
    string,
    { date: string; entries: number; erased: number; first_received_at: string; last_received_at: string }
  >();
  for (const e of entries) {
    const at = e.received_at as string;
    const erased = e.canonical_context === null;
    const date = at.slice(0, 10);
    const day = days.get(date);
    if (day) {
      day.entries++;
      if (erased) day.erased++;
      day.last_received_at = at;
    } else {
      days.set(date, {
        date,
        entries: 1,
        erased: erased ? 1 : 0,
        first_received_at: at,
        last_received_at: at,
      });
    }
  }
  return { days: [...days.values()] };
}
