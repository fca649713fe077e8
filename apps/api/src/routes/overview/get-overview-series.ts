import { AppError, MAX_SERIES_SPAN_MS } from "@ctxlog/core";
import { readOverviewSeries } from "@ctxlog/db";
import { z } from "zod";
import type { ApiDeps } from "../../deps";
import type { RouteHandler } from "../route-spec";

const timestamp = z.iso.datetime();

export const overviewSeriesQuerySchema = z
  .object({
    since: timestamp.optional().meta({ description: "Start of the window (default: 1 h before `until`)." }),
    until: timestamp
      .optional()
      .meta({ description: "End, exclusive (default: now); at most 31 days after `since`." }),
  })
  .strict();

export const overviewSeriesSchema = z
  .object({
    since: timestamp,
    until: timestamp,
    bucket_seconds: z.int().meta({ description: "60 s up to a day: at most 96 buckets over the window." }),
    points: z.array(
      z.object({
        start: timestamp,
        received: z.int().meta({ description: "Contexts received in the bucket." }),
        confirmed: z.int().meta({ description: "Contexts confirmed in the bucket." }),
        p50_seconds: z
          .number()
          .nullable()
          .meta({ description: "Median POST → confirmed time of those; null if none." }),
        p95_seconds: z.number().nullable().meta({ description: "Its 95th percentile; null if none." }),
      }),
    ),
  })
  .meta({ id: "OverviewSeries" });

const HOUR = 3_600_000;

/** GET /v1/overview/series — the overview's chart over a chosen window. */
export function getOverviewSeries({
  db,
}: ApiDeps): RouteHandler<{ query: typeof overviewSeriesQuerySchema }> {
  return async ({ query, auth, res }) => {
    const until = query.until ? new Date(query.until) : new Date();
    const since = query.since ? new Date(query.since) : new Date(until.getTime() - HOUR);
    if (until <= since) throw new AppError("VALIDATION_ERROR", "until must be after since.");
    if (until.getTime() - since.getTime() > MAX_SERIES_SPAN_MS) {
      throw new AppError("VALIDATION_ERROR", "The window is at most 31 days.");
    }
    const series = await readOverviewSeries(db, auth.userId, { since, until });
    res.json({
      since: since.toISOString(),
      until: until.toISOString(),
      bucket_seconds: series.bucketMs / 1000,
      points: series.points.map((p) => ({
        start: p.start.toISOString(),
        received: p.received,
        confirmed: p.confirmed,
        p50_seconds: p.p50Seconds,
        p95_seconds: p.p95Seconds,
      })),
    });
  };
}
