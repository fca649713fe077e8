// report.html: a one-page summary of an evidence pack, readable in any browser with no script and
// no remote resource. It is the service's word (signed through the manifest like every file); the
// verdict that counts is the verifier's.

export interface ReportFacts {
  userId: string;
  agentId: string;
  from: string;
  to: string;
  sequenceRange: { first: number; last: number } | null;
  counts: { entries: number; erased: number; anchors: number; erasures: number };
  days: { date: string; entries: number; erased: number }[];
  anchors: { transaction_hash: string; block_number: number }[];
  erasures: {
    sequence: number | null;
    erased_at: string | null;
    erased_by: string | null;
    reason: string | null;
  }[];
  holds: { placed_at: string; placed_by: string; reason: string; released_at: string | null }[];
  createdAt: string;
}

const htmlText = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Activity per day as bars (inline CSS widths): entries kept, and erased. */
function activityChart(days: ReportFacts["days"]): string {
  const most = Math.max(1, ...days.map((d) => d.entries));
  const rows = days.map((d) => {
    const width = Math.max(1, Math.round((d.entries / most) * 100));
    return `<tr><td>${htmlText(d.date)}</td><td><div class="bar" style="width:${width}%"></div></td><td>${d.entries}</td><td>${d.erased}</td></tr>`;
  });
  return `<table><tr><th>day (UTC)</th><th>entries</th><th>count</th><th>erased</th></tr>${rows.join("")}</table>`;
}

export function evidenceReport(facts: ReportFacts, verdict: string): string {
  const range = facts.sequenceRange
    ? `entries ${facts.sequenceRange.first}–${facts.sequenceRange.last} (${facts.counts.entries})`
    : "no entries in this period";
  const anchors = facts.anchors
    .map((a) => `<li>block ${a.block_number}: <code>${htmlText(a.transaction_hash)}</code></li>`)
    .join("");
  const erasures = facts.erasures.length
    ? `<ul>${facts.erasures
        .map(
          (e) =>
            `<li>entry ${e.sequence}: erased ${htmlText(e.erased_at ?? "")} by ${htmlText(e.erased_by ?? "")}` +
            `${e.reason === null ? "" : `: ${htmlText(e.reason)}`}</li>`,
        )
        .join("")}</ul>`
    : "<p>None.</p>";
  const holds = facts.holds.length
    ? `<ul>${facts.holds
        .map(
          (h) =>
            `<li>placed ${htmlText(h.placed_at)} by ${htmlText(h.placed_by)}, ` +
            `${h.released_at === null ? "active" : `released ${htmlText(h.released_at)}`}: ${htmlText(h.reason)}</li>`,
        )
        .join("")}</ul>`
    : "<p>None in this period.</p>";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Evidence pack: ${htmlText(facts.agentId)}</title>
<style>body{font-family:sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem}table{border-collapse:collapse;width:100%}td,th{padding:2px 6px;text-align:left}.bar{background:#3b6ea5;height:.8rem}code{font-size:.85em}</style>
</head><body>
<h1>Evidence pack: ${htmlText(facts.agentId)}</h1>
<p>User <code>${htmlText(facts.userId)}</code>, entries received from ${htmlText(facts.from)} to ${htmlText(facts.to)}: ${range}. Made ${htmlText(facts.createdAt)}.</p>
<p><strong>Verdict when made: ${htmlText(verdict)}.</strong> This page is a summary; verify the pack itself.</p>
<h2>Activity</h2>${activityChart(facts.days)}
<h2>Anchoring (${facts.counts.anchors} transactions)</h2><ul>${anchors}</ul>
<h2>Erasures (${facts.counts.erasures})</h2>${erasures}
<h2>Legal holds (${facts.holds.length})</h2>${holds}
<h2>How to verify</h2><p><code>npx ctxlog verify-pack pack.zip --rpc-url &lt;an RPC node of chain&gt;</code>: it checks every file offline, then that the blocks are the chain's.</p>
</body></html>
`;
}
