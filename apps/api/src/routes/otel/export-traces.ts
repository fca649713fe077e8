import type { OtlpSpanItem } from "@ctxlog/core";
import type { ApiDeps } from "../../deps";
import type { NoSchemas, RouteHandler } from "../route-spec";
import { encodeTraceResponse } from "./otlp-protobuf";
import { otlpEncodingOf } from "./read-otlp-body";
import { writeSpans } from "./write-spans";

/**
 * POST /v1/otel/v1/traces: an OTLP/HTTP trace export. Each span becomes a context (write-spans.ts);
 * the answer is an ExportTraceServiceResponse in the request's encoding, listing the refused spans
 * in partial_success, and in a log line and the ctxlog_otel_spans_rejected_total metric, since
 * exporters count a partial success as a success. Errors keep the API's JSON envelope (exporters
 * read only the status).
 */
export function exportTraces(deps: ApiDeps): RouteHandler<NoSchemas> {
  return async ({ auth, req, res }) => {
    const encoding = otlpEncodingOf(req);
    // decoded by readOtlpBody, and charged one rate-limit unit per span already
    const items = req.body as OtlpSpanItem[];
    const { rejected, rejectedBy, errorMessage } = await writeSpans(deps, auth, items);
    if (rejected > 0) {
      // the exporter reports success (partial_success only reaches its diagnostics): say it here
      for (const [reason, count] of Object.entries(rejectedBy))
        deps.metrics.otelSpansRejected.inc({ reason }, count);
      req.log.warn({ rejectedSpans: rejected, rejectedBy, reasons: errorMessage }, "OTLP spans refused");
    }
    if (encoding === "protobuf") {
      res.status(200).type("application/x-protobuf").send(encodeTraceResponse(rejected, errorMessage));
      return;
    }
    // int64 rejectedSpans as a decimal string, as OTLP/JSON writes 64-bit integers
    res
      .status(200)
      .json(rejected === 0 ? {} : { partialSuccess: { rejectedSpans: String(rejected), errorMessage } });
  };
}
