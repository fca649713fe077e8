import { ATTEMPT_EXCHANGE_FORMAT, type AttemptExchange, encodeAttemptExchange } from "@ctxlog/core";
import { runQuery } from "../run-query";
import type { SqlRunner } from "../sql-transaction";
import { attemptExchanges, attemptsInColumns, rewriteAttemptExchanges } from "./attempt-forms.queries";
import type { DataStep } from "./data-step";
import { exchangeOfAnyFormat, packedFromAnyForm } from "./older-attempt-forms";

/**
 * Every delivery attempt into its one stored form (webhooks/stored-attempts.ts): its exchange in
 * format 2, with the request headers packed without their signatures (@ctxlog/core
 * attempt-exchange.ts, attempt-request-headers.ts). Attempts recorded before the exchange (their URL,
 * request headers, response headers and body cut in four columns) get one made of those columns;
 * exchanges in format 1 or with their request headers in an older form (the whole map, formats 1
 * and 2) are rewritten. Each is checked to give back the very headers it gave before, signatures
 * aside. An attempt whose headers the packed form cannot give back stops the upgrade, naming it,
 * before anything is rewritten (one transaction). Run twice: after 20261130003000_one_attempt_form
 * (the next migration, 20261130003100_attempts_in_one_place, moves first attempts kept as rows into
 * their delivery's row and drops the four columns), and after
 * 20261130171000_attempt_signatures_not_kept for the exchanges written in between.
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

/** An attempt, by its key, and its exchange rewritten (base64 of its stored bytes). */
interface RewrittenExchange {
  deliveryId: string;
  eventId: string;
  cycle: number;
  number: number;
  exchange: string;
}

/** Rewrites attempts' exchanges where each lives: the delivery's row or webhook_attempts. */
async function rewriteExchanges(sql: SqlRunner, rewritten: RewrittenExchange[]): Promise<void> {
  if (rewritten.length === 0) return;
  await runQuery(
    rewriteAttemptExchanges,
    {
      deliveryIds: rewritten.map((r) => r.deliveryId),
      eventIds: rewritten.map((r) => r.eventId),
      cycles: rewritten.map((r) => r.cycle),
      numbers: rewritten.map((r) => r.number),
      exchanges: rewritten.map((r) => r.exchange),
    },
    sql,
  );
}

/** The exchange in its one form; null when it is already. */
function inItsOneForm(
  stored: Uint8Array,
  ref: { deliveryId: string; event: string },
): AttemptExchange | null {
  const exchange = exchangeOfAnyFormat(stored);
  const headers = exchange.request?.headers ?? null;
  const packed = headers === null ? null : packedFromAnyForm(headers, ref);
  if (stored[0] === ATTEMPT_EXCHANGE_FORMAT && JSON.stringify(packed) === JSON.stringify(headers))
    return null;
  return {
    request: exchange.request === null ? null : { url: exchange.request.url, headers: packed },
    response: exchange.response,
  };
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

  // exchanges (in a delivery's row or in webhook_attempts) in an older format or headers' form
  for (let from = START; ; ) {
    const page = await runQuery(attemptExchanges, { ...from, limit: PAGE }, sql);
    await rewrite(page, (i) => {
      const row = page[i] as (typeof page)[number];
      return inItsOneForm(row.exchange, { deliveryId: row.delivery_id, event: row.event });
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

export const ATTEMPT_SIGNATURES_NOT_KEPT: DataStep = {
  after: "20261130171000_attempt_signatures_not_kept",
  name: "attempt_signatures_not_kept",
  run: keepAttemptFormsOfAll,
};
