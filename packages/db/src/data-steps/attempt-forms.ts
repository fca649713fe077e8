import { type AttemptExchange, decodeAttemptExchange, encodeAttemptExchange } from "@ctxlog/core";
import { runQuery } from "../run-query";
import type { SqlRunner } from "../sql-transaction";
import { type RewrittenExchange, rewriteExchanges } from "../webhooks/stored-attempts";
import { attemptExchanges, attemptsInColumns } from "./attempt-forms.queries";
import type { DataStep } from "./data-step";
import { packedFromAnyForm } from "./older-attempt-forms";

/**
 * Every delivery attempt into its one stored form (webhooks/stored-attempts.ts): its exchange, with
 * the request headers packed (@ctxlog/core attempt-request-headers.ts). Attempts recorded before the
 * exchange (their URL, request headers, response headers and body cut in four columns) get one made
 * of those columns; exchanges whose request headers are in an older form (the whole map, format 1)
 * get them packed. Each is checked to give back the very headers it gave before. An attempt whose
 * headers the packed form cannot give back stops the upgrade, naming it, before anything is
 * rewritten (one transaction). The next migration (20261130003100_attempts_in_one_place) moves first
 * attempts kept as rows into their delivery's row and drops the four columns.
 */
const PAGE = 500;
/** Refusals named in the error (the count says how many there were). */
const NAMED = 10;

interface AttemptKey {
  event_id: string;
  delivery_id: string;
  cycle: number;
  number: number;
}
const START: { eventId: string; deliveryId: string; cycle: number; number: number } = {
  eventId: "",
  deliveryId: "",
  cycle: 0,
  number: 0,
};
const after = (k: AttemptKey) => ({
  eventId: k.event_id,
  deliveryId: k.delivery_id,
  cycle: k.cycle,
  number: k.number,
});
const nameOf = (k: AttemptKey) => `${k.delivery_id} attempt ${k.cycle}.${k.number}`;

/** The same exchange with its request headers packed; null when it is already in its one form. */
function repacked(
  exchange: AttemptExchange,
  ref: { deliveryId: string; event: string },
): AttemptExchange | null {
  const headers = exchange.request?.headers;
  if (!exchange.request || headers === null || headers === undefined) return null;
  const packed = packedFromAnyForm(headers, ref);
  if (JSON.stringify(packed) === JSON.stringify(headers)) return null;
  return { ...exchange, request: { url: exchange.request.url, headers: packed } };
}

async function keepAttemptFormsOfAll(sql: SqlRunner): Promise<void> {
  const refused: string[] = [];
  const rewrite = async (
    page: (AttemptKey & { event: string })[],
    exchangeOf: (row: number) => AttemptExchange | null,
  ) => {
    const rewritten: RewrittenExchange[] = [];
    page.forEach((row, i) => {
      try {
        const exchange = exchangeOf(i);
        if (exchange === null) return;
        rewritten.push({
          deliveryId: row.delivery_id,
          eventId: row.event_id,
          cycle: row.cycle,
          number: row.number,
          exchange: encodeAttemptExchange(exchange).toString("base64"),
        });
      } catch (error) {
        refused.push(`${nameOf(row)} (${(error as Error).message})`);
      }
    });
    await rewriteExchanges(sql, rewritten);
  };

  // exchanges (in a delivery's row or in webhook_attempts) whose headers are in an older form
  for (let from = START; ; ) {
    const page = await runQuery(attemptExchanges, { ...from, limit: PAGE }, sql);
    await rewrite(page, (i) => {
      const row = page[i] as (typeof page)[number];
      return repacked(decodeAttemptExchange(row.exchange), { deliveryId: row.delivery_id, event: row.event });
    });
    const last = page[page.length - 1];
    if (!last || page.length < PAGE) break;
    from = after(last);
  }
  // attempts in the four columns of the form before the exchange
  for (let from = START; ; ) {
    const page = await runQuery(attemptsInColumns, { ...from, limit: PAGE }, sql);
    await rewrite(page, (i) => {
      const row = page[i] as (typeof page)[number];
      const url = row.request_url as string | null;
      const responseHeaders = row.response_headers as Record<string, string | string[]> | null;
      if (url === null && responseHeaders === null) return null;
      const ref = { deliveryId: row.delivery_id, event: row.event };
      return {
        request:
          url === null
            ? null
            : {
                url,
                headers: row.request_headers === null ? null : packedFromAnyForm(row.request_headers, ref),
              },
        response:
          responseHeaders === null
            ? null
            : { headers: responseHeaders, bodyTruncated: row.response_body_truncated === true },
      };
    });
    const last = page[page.length - 1];
    if (!last || page.length < PAGE) break;
    from = after(last);
  }
  if (refused.length > 0)
    throw new Error(
      `${refused.length} webhook attempts cannot be stored in their one form without changing the headers they say were sent: ${refused
        .slice(0, NAMED)
        .join(", ")}`,
    );
}

export const ATTEMPT_FORMS: DataStep = {
  after: "20261130003000_one_attempt_form",
  name: "attempt_forms",
  run: keepAttemptFormsOfAll,
};
