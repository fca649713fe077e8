// A pack that cannot be read as a zip (or changed on disk while it was read) is no verdict: the
// caller's "cannot read" (exit 2 on the CLI), as readPackZip's error is, never a failed check.
export class PackUnreadableError extends Error {
  override name = "PackUnreadableError";
}
