import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../api/api-context";
import { unwrap } from "../../api/errors";
import { queryKeys } from "../../api/query-keys";

/** GET /v1/overview, every 15 s (the overview page; the header polls GET /v1/anchoring/status alone). */
export function useOverview() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.overview,
    queryFn: () => unwrap(api.GET("/overview")),
    refetchInterval: 15_000,
  });
}

/** A balance in wei as ether with 4 decimals, exactly (BigInt, no float rounding of large values). */
export function formatEther(wei: string | null): string {
  if (wei === null) return "unknown";
  const value = BigInt(wei);
  const whole = value / 10n ** 18n;
  const fraction = (value % 10n ** 18n).toString().padStart(18, "0").slice(0, 4);
  return `${whole}.${fraction} ETH`;
}

/** The chart's series over a window (GET /v1/overview/series). */
export function useOverviewSeries(window: { since: string; until: string }) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.overviewSeries(window),
    queryFn: () => unwrap(api.GET("/overview/series", { params: { query: window } })),
    refetchInterval: 60_000,
    placeholderData: (previous) => previous,
  });
}

/** What anchoring the user's contexts cost over a window (GET /v1/anchoring/costs): it changes per batch. */
export function useAnchoringCosts(window: { since: string; until: string }) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.anchoringCosts(window),
    queryFn: () => unwrap(api.GET("/anchoring/costs", { params: { query: window } })),
    refetchInterval: 60_000,
    placeholderData: (previous) => previous,
  });
}
