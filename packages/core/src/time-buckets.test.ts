import { timeBuckets } from "./time-buckets";

const at = (iso: string) => new Date(iso);

describe("timeBuckets", () => {
  it("an hour in minutes, aligned to the minute", () => {
    const b = timeBuckets(at("2026-11-26T10:00:30Z"), at("2026-11-26T11:00:30Z"));
    expect(b.bucketMs).toBe(60_000);
    expect(b.starts).toHaveLength(61);
    expect(b.starts[0]?.toISOString()).toBe("2026-11-26T10:00:00.000Z");
    expect(b.starts.at(-1)?.toISOString()).toBe("2026-11-26T11:00:00.000Z");
  });

  it.each([
    ["24 h", 24 * 3_600_000, 15 * 60_000],
    ["7 d", 7 * 86_400_000, 3 * 3_600_000],
    ["31 d", 31 * 86_400_000, 86_400_000],
  ])("%s → buckets of %i ms, at most 96 (+1 partial)", (_name, span, size) => {
    const since = at("2026-11-01T00:00:00Z");
    const b = timeBuckets(since, new Date(since.getTime() + span));
    expect(b.bucketMs).toBe(size);
    expect(b.starts.length).toBeLessThanOrEqual(97);
    expect(b.starts.every((s) => s.getTime() % size === 0)).toBe(true);
  });
});
