// The alert rules operators import (ops/prometheus): valid for Prometheus (`promtool check`),
// each alert's unit tests pass (`promtool test rules`), and every runbook line leads to a section
// of the guide. promtool is Debian's `prometheus` package (.ci/run installs it).
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { GUIDE, headingAnchors, metricNames, OPS_DIR, readAlertRules } from "./ops-files";

const promtool = spawnSync("promtool", ["--version"], { encoding: "utf8" });
const hasPromtool = promtool.status === 0;
if (!hasPromtool && !process.env.CI) {
  console.warn(
    "\n\n*** SKIPPING the promtool checks of ops/prometheus: `promtool` is not installed. ***\n" +
      "*** Install it with `apt-get install -y prometheus` (CI installs it and fails without it). ***\n\n",
  );
}
const withPromtool = hasPromtool || process.env.CI ? it : it.skip;

function run(args: string[]) {
  const result = spawnSync("promtool", args, { cwd: path.join(OPS_DIR, "prometheus"), encoding: "utf8" });
  if (result.error) throw result.error;
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

describe("ops/prometheus", () => {
  withPromtool("alerts.yml and prometheus.yml pass promtool check", () => {
    const rules = run(["check", "rules", "alerts.yml"]);
    expect(rules.output).toContain("SUCCESS");
    expect(rules.code).toBe(0);
    const config = run(["check", "config", "prometheus.yml"]);
    expect(config.output).toContain("SUCCESS");
    expect(config.code).toBe(0);
  });

  withPromtool("every alert's unit tests pass (promtool test rules alerts.test.yml)", () => {
    const tested = run(["test", "rules", "alerts.test.yml"]);
    expect(tested.output).toContain("SUCCESS");
    expect(tested.code).toBe(0);
  });

  it("has a unit test that fires each alert", () => {
    const tests = parse(readFileSync(path.join(OPS_DIR, "prometheus/alerts.test.yml"), "utf8")) as {
      tests: { alert_rule_test: { alertname: string; exp_alerts: unknown[] }[] }[];
    };
    const fired = new Set(
      tests.tests.flatMap((t) =>
        t.alert_rule_test.filter((c) => c.exp_alerts.length > 0).map((c) => c.alertname),
      ),
    );
    expect(
      readAlertRules()
        .map((r) => r.alert)
        .filter((name) => !fired.has(name)),
    ).toEqual([]);
  });

  it("gives every alert a summary, a description and a runbook section of the guide that exists", () => {
    const anchors = headingAnchors(readFileSync(GUIDE, "utf8"));
    for (const rule of readAlertRules()) {
      expect({ alert: rule.alert, summary: typeof rule.annotations.summary }).toEqual({
        alert: rule.alert,
        summary: "string",
      });
      expect(rule.annotations.description).toEqual(expect.any(String));
      const [file, anchor] = (rule.annotations.runbook ?? "").split("#");
      expect({ alert: rule.alert, file, anchorFound: anchors.has(anchor ?? "") }).toEqual({
        alert: rule.alert,
        file: "docs/operations.md",
        anchorFound: true,
      });
    }
  });

  it("reads metric names out of PromQL", () => {
    expect(
      metricNames(
        'histogram_quantile(0.99, sum by (le) (rate(http_request_duration_seconds_bucket{route!="x"}[5m]))) > 1',
      ),
    ).toEqual(["http_request_duration_seconds_bucket"]);
    expect(metricNames("(sum(chain_signer_lease_held) or vector(0)) < 1")).toEqual([
      "chain_signer_lease_held",
    ]);
    expect(metricNames("sum(rate(a_total[$__rate_interval])) / sum(rate(b_total[1m])) > 0.05")).toEqual([
      "a_total",
      "b_total",
    ]);
  });
});
