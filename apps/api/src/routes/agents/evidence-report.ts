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
  /** anchoring transactions per UTC day of their block */
  anchoredDays: Record<string, number>;
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

/**
 * Activity and anchoring per UTC day as bars (inline CSS widths): entries received (kept and
 * erased) and the anchoring transactions mined that day — a day can anchor the entries of the day
 * before.
 */
function activityChart(days: ReportFacts["days"], anchoredDays: ReportFacts["anchoredDays"]): string {
  const byDay = new Map(days.map((d) => [d.date, d]));
  const dates = [...new Set([...byDay.keys(), ...Object.keys(anchoredDays)])].sort();
  const most = Math.max(1, ...days.map((d) => d.entries));
  const mostAnchored = Math.max(1, ...Object.values(anchoredDays));
  const rows = dates.map((date) => {
    const d = byDay.get(date) ?? { date, entries: 0, erased: 0 };
    const anchored = anchoredDays[date] ?? 0;
    const width = d.entries === 0 ? 0 : Math.max(1, Math.round((d.entries / most) * 100));
    const anchorWidth = anchored === 0 ? 0 : Math.max(1, Math.round((anchored / mostAnchored) * 100));
    return (
      `<tr><td>${htmlText(date)}</td><td><div class="bar" style="width:${width}%"></div></td><td>${d.entries}</td>` +
      `<td>${d.erased}</td><td><div class="bar anchor" style="width:${anchorWidth}%"></div></td><td>${anchored}</td></tr>`
    );
  });
  return (
    "<table><tr><th>day (UTC)</th><th>entries</th><th>count</th><th>erased</th><th>anchoring</th><th>transactions</th></tr>" +
    `${rows.join("")}</table>`
  );
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
<style>body{font-family:sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem}table{border-collapse:collapse;width:100%}td,th{padding:2px 6px;text-align:left}.bar{background:#3b6ea5;height:.8rem}.bar.anchor{background:#2f7d4f}code{font-size:.85em}</style>
</head><body>
<h1>Evidence pack: ${htmlText(facts.agentId)}</h1>
<p>User <code>${htmlText(facts.userId)}</code>, entries received from ${htmlText(facts.from)} to ${htmlText(facts.to)}: ${range}. Made ${htmlText(facts.createdAt)}.</p>
<p><strong>Verdict when made: ${htmlText(verdict)}.</strong> This page is a summary; verify the pack itself.</p>
<h2>Activity and anchoring</h2>${activityChart(facts.days, facts.anchoredDays)}
<h2>Anchoring (${facts.counts.anchors} transactions)</h2><ul>${anchors}</ul>
<h2>Erasures (${facts.counts.erasures})</h2>${erasures}
<h2>Legal holds (${facts.holds.length})</h2>${holds}
<h2>How to verify</h2><p><code>npx ctxlog verify-pack pack.zip --rpc-url &lt;an RPC node of chain&gt;</code>: it checks every file offline, then that the blocks are the chain's.</p>
</body></html>
`;
}
