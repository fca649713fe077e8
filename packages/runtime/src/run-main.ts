/**
 * Runs a process's `main`; if it fails (bad configuration, a port in use, a database that does
 * not answer), prints the error's message, not a stack, and exits 1.
 */
export function runMain(main: () => Promise<unknown>): void {
  Promise.resolve()
    .then(main)
    .catch((err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    });
}
