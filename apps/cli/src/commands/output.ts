/** Where a command prints, one line at a time (the console, or a test's array). */
export type Out = (line: string) => void;

/**
 * A key or a link that is shown this once: a headline, the secret alone on its line between blank
 * lines (easy to select), then what to do with it.
 */
export function printShownOnce(out: Out, headline: string, secret: string, advice: string): void {
  out(headline);
  out("");
  out(`  ${secret}`);
  out("");
  out(advice);
}

/** A list: one JSON array with --json, else one line per row, or `empty` when there is none. */
export function printRows<T>(out: Out, json: boolean, rows: T[], empty: string, line: (row: T) => string) {
  if (json) return out(JSON.stringify(rows));
  if (rows.length === 0) out(empty);
  for (const row of rows) out(line(row));
}
