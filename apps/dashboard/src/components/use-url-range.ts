import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { rangeParams, readRange, type TimeRange, windowOf } from "./time-range";

/**
 * A page's time range, kept in its URL beside its other parameters (so a reload or a shared link
 * shows the same window), and the window it covers now. `fallback` is the range with none named
 * (null: every time).
 */
export function useUrlRange(fallback: TimeRange | null) {
  const [params, setParams] = useSearchParams();
  const range = readRange(params, fallback);
  const key = range === null ? "any" : range.key === "custom" ? `${range.since}/${range.until}` : range.key;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names the range; the window moves with the minute on a new range only
  const window = useMemo(() => (range === null ? null : windowOf(range)), [key]);
  const setRange = useCallback(
    (next: TimeRange | null) => {
      setParams((current) => {
        const search = new URLSearchParams(current);
        for (const name of ["range", "from", "to"]) search.delete(name);
        for (const [name, value] of Object.entries(rangeParams(next))) search.set(name, value);
        return search;
      });
    },
    [setParams],
  );
  return { range, window, setRange };
}
