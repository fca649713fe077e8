// Test-only: reads the monitoring files of ops/ and the metric names their PromQL uses.
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";

export const OPS_DIR = path.resolve(__dirname, "../../../ops");
export const GUIDE = path.resolve(__dirname, "../../../docs/operations.md");

export interface AlertRule {
  alert: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations: Record<string, string>;
}

export function readAlertRules(): AlertRule[] {
  const doc = parse(readFileSync(path.join(OPS_DIR, "prometheus/alerts.yml"), "utf8")) as {
    groups: { rules: AlertRule[] }[];
  };
  return doc.groups.flatMap((g) => g.rules);
}

export function readDashboard(): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(OPS_DIR, "grafana/ctxlog.json"), "utf8")) as Record<
    string,
    unknown
  >;
}

/** Every `expr` of the dashboard's panels (rows' nested panels included). */
export function dashboardExpressions(dashboard: Record<string, unknown>): string[] {
  const exprs: string[] = [];
  const visit = (panels: unknown) => {
    for (const panel of (panels as { targets?: { expr?: string }[]; panels?: unknown }[]) ?? []) {
      for (const target of panel.targets ?? []) if (target.expr) exprs.push(target.expr);
      visit(panel.panels);
    }
  };
  visit(dashboard.panels);
  return exprs;
}

const KEYWORDS = new Set([
  "by",
  "without",
  "on",
  "ignoring",
  "group_left",
  "group_right",
  "bool",
  "and",
  "or",
  "unless",
  "offset",
  "inf",
  "nan",
]);

/**
 * The metric names a PromQL expression selects: identifiers that are not functions (followed by
 * `(`), keywords, label names (inside `{}` or a `by (…)` list), strings, ranges or Grafana variables.
 */
export function metricNames(expr: string): string[] {
  const stripped = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, " ")
    .replace(/\[[^\]]*\]/g, " ")
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, " ")
    .replace(/\$\{?[A-Za-z_][\w]*\}?/g, " ");
  const names = new Set<string>();
  for (const match of stripped.matchAll(/(?<![\w.])([a-zA-Z_:][a-zA-Z0-9_:]*)(\s*\()?/g)) {
    const [, name, call] = match;
    if (name && !call && !KEYWORDS.has(name.toLowerCase())) names.add(name);
  }
  return [...names];
}

/** Whether `name` is exported: a family of the scrape, or a histogram's or summary's series. */
export function isExported(name: string, types: Map<string, string>): boolean {
  if (types.has(name)) return true;
  const series = /^(.*)_(bucket|sum|count)$/.exec(name);
  const family = series?.[1] ? types.get(series[1]) : undefined;
  return family === "histogram" || (family === "summary" && series?.[2] !== "bucket");
}

/** GitHub's anchors of a Markdown file's headings. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const [, heading] of markdown.matchAll(/^#{1,6}\s+(.+)$/gm)) {
    if (!heading) continue;
    anchors.add(
      heading
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, "")
        .replace(/\s/g, "-"),
    );
  }
  return anchors;
}
