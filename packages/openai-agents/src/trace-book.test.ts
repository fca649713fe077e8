import { TraceBook } from "./trace-book";

const info = (traceId: string, workflowName = "wf") => ({ traceId, workflowName, groupId: null });
const agentIdOf = (t: { traceId: string; workflowName: string }) => `${t.workflowName}/${t.traceId}`;

it("a span id is claimed once per trace", () => {
  const book = new TraceBook(agentIdOf);
  book.start(info("t1"));
  expect(book.claim("t1", "s1").first).toBe(true);
  expect(book.claim("t1", "s1").first).toBe(false);
  expect(book.claim("t1", "s2").first).toBe(true);
  expect(book.claim("t2", "s1").first).toBe(true); // the same span id in another trace is another span
});

it("an ended trace keeps its agent id and span ids for spans replayed or ended after it", () => {
  const book = new TraceBook(agentIdOf);
  book.start(info("t1", "checkout"));
  book.claim("t1", "s1");
  book.end("t1");
  expect(book.openCount).toBe(0);
  expect(book.claim("t1", "s1").first).toBe(false);
  const late = book.claim("t1", "s9");
  expect([late.first, late.entry.agentId]).toEqual([true, "checkout/t1"]);
  book.start(info("t1", "other")); // a replayed trace start changes nothing
  expect(book.claim("t1", "s9")).toMatchObject({ first: false, entry: { agentId: "checkout/t1" } });
});

it("a span of a trace never started goes under the SDK's default workflow name", () => {
  const book = new TraceBook(agentIdOf);
  expect(book.claim("t7", "s1").entry.agentId).toBe("Agent workflow/t7");
});

it("stays bounded: span ids per trace, open traces and ended traces' ids beyond their limits forget the oldest", () => {
  const book = new TraceBook(agentIdOf, { spansPerTrace: 2, openTraces: 2, endedSpanIds: 3 });
  book.start(info("t1"));
  for (const s of ["s1", "s2", "s3"]) book.claim("t1", s);
  expect(book.claim("t1", "s1").first).toBe(true); // forgotten: the oldest of three
  expect(book.claim("t1", "s3").first).toBe(false);
  book.start(info("t2"));
  book.start(info("t3"));
  expect(book.openCount).toBe(2);
  book.start(info("t4")); // t1, the oldest open, is ended to make room
  expect(book.openCount).toBe(2);
  expect(book.claim("t1", "s3").first).toBe(false); // still known, as an ended trace
  for (const t of ["t2", "t3"]) {
    book.claim(t, "a");
    book.end(t);
  }
  // ended ids: t1 2 + t2 1 + t3 1 = 4 > 3: t1 went first, then its ids are new again
  expect(book.claim("t2", "a").first).toBe(false);
  expect(book.claim("t1", "s3").first).toBe(true);
});
