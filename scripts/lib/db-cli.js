// What the db scripts share: the database URL they act on, and how they report.
const DEFAULT_DATABASE_URL = "postgresql://root@127.0.0.1:5432/ctxlog";

function databaseUrl() {
  return process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
}

/** The URL without its password, for messages. */
function redact(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unparsable DATABASE_URL)";
  }
}

/**
 * Runs main and sets the exit code. No process.exit on success: every pool is closed by then and
 * the process ends by itself; an exit that hangs would mean a leaked connection worth finding.
 */
function run(main) {
  let settled = false;
  // The schema engine's own timers are unref'd; should it ever wait on one alone, node would end
  // the process with main still pending, and that must not pass for success.
  process.on("exit", () => {
    if (settled) return;
    console.error("error: the process ran out of work before finishing (unexpected; please report)");
    process.exitCode = 1;
  });
  main()
    .finally(() => {
      settled = true;
    })
    .then(
      (code) => {
        process.exitCode = code ?? 0;
      },
      (error) => {
        console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
        if (error instanceof Error && error.cause instanceof Error)
          console.error(`cause: ${error.cause.message}`);
        process.exitCode = 1;
      },
    );
}

module.exports = { databaseUrl, redact, run };
