// The files of a pack's zip, by name (fflate's unzipSync: small, no dependencies). A file that is
// no zip is the caller's "cannot read" (exit 2 on the CLI), never a failed check.
import { unzipSync } from "fflate";

export function readPackZip(zip: Uint8Array): Map<string, Uint8Array> {
  const entries = unzipSync(zip);
  const files = new Map<string, Uint8Array>();
  for (const [name, bytes] of Object.entries(entries)) {
    if (name.endsWith("/")) continue; // a directory entry holds nothing
    files.set(name, bytes);
  }
  return files;
}
