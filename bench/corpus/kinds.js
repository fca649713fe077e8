// The four kinds of agent step the corpus holds, each built to about a given size (bytes of its
// JSON): an LLM call with its messages, a tool call with its arguments and result, an agent's
// step (thought, plan, observation, trace ids) and an event (an error with its stack, a retry, a
// hand-off). Each starts from the fields such a record always has, then grows by units (messages,
// result items, rows, log lines, plan items, stack frames) until it reaches its size.
const t = require("./text");

const bytes = (value) => Buffer.byteLength(JSON.stringify(value));
const iso = (ms) => new Date(ms).toISOString();

/**
 * Adds units (`add(room)`: one unit of at most about `room` bytes, returned) until `doc` is
 * `target` bytes. The size is kept up to date by each unit's own bytes and measured again whole
 * when the room left has halved (measuring it whole after every unit was most of the corpus' time).
 */
function grow(doc, target, add) {
  let size = bytes(doc);
  let measuredRoom = target - size;
  for (let guard = 0; guard < 5_000; guard++) {
    let room = target - size;
    if (room < measuredRoom / 2 || room < 512) {
      size = bytes(doc);
      room = measuredRoom = target - size;
    }
    if (room < 24) break;
    size += bytes(add(room)) + 1;
  }
  return doc;
}

/** pushes `unit` to `list` and returns it (what grow's `add` returns) */
function append(list, unit) {
  list.push(unit);
  return unit;
}

/** a text length for a unit: its natural length, within the room left (less the unit's framing) */
const within = (room, natural, framing) => Math.max(8, Math.min(natural, room - framing));

const MODELS = [
  ["gpt-4o-2024-08-06", "openai"],
  ["gpt-4.1-mini", "openai"],
  ["claude-sonnet-4-20250514", "anthropic"],
  ["claude-3-5-haiku-20241022", "anthropic"],
  ["gemini-2.0-flash", "google"],
  ["llama-3.3-70b-instruct", "groq"],
];

function llmCall(rnd, target, ctx) {
  const [model, provider] = rnd.pick(MODELS);
  const messages = [{ role: "system", content: t.prose(rnd, within(target / 3, rnd.int(120, 1_200), 40)) }];
  const input = rnd.int(200, 12_000);
  const doc = {
    type: "llm_call",
    run_id: ctx.runId,
    step: ctx.step,
    span_id: rnd.hex(16),
    model,
    provider,
    request: { temperature: rnd.pick([0, 0.2, 0.7, 1]), max_tokens: rnd.pick([512, 1024, 4096]), messages },
    response: {
      id: provider === "openai" ? `chatcmpl-${rnd.base62(29)}` : `msg_${rnd.base62(24)}`,
      finish_reason: rnd.weighted([
        ["stop", 70],
        ["tool_calls", 25],
        ["length", 5],
      ]),
      message: { role: "assistant", content: "" },
    },
    usage: { input_tokens: input, output_tokens: rnd.int(10, 1_500), cached_tokens: rnd.int(0, input) },
    latency_ms: rnd.int(180, 24_000),
    started_at: iso(ctx.atMs),
  };
  if (doc.response.finish_reason === "tool_calls") {
    doc.response.message.tool_calls = [
      {
        id: `call_${rnd.base62(24)}`,
        type: "function",
        function: {
          name: t.identifier(rnd, "snake"),
          arguments: JSON.stringify({ query: t.title(rnd).toLowerCase(), limit: rnd.int(1, 50) }),
        },
      },
    ];
  }
  // the answer takes a share of the size; earlier turns of the conversation the rest
  const answer = Math.max(0, target - bytes(doc)) * (0.2 + 0.5 * rnd.float());
  doc.response.message.content = t.prose(rnd, Math.max(8, Math.floor(answer)));
  const roles = ["user", "assistant", "tool"];
  let turn = 0;
  return grow(doc, target, (room) => {
    const role = roles[turn++ % 3];
    if (role === "tool") {
      const result = {
        ok: true,
        items: rnd.int(0, 40),
        summary: t.prose(rnd, within(room, rnd.int(60, 900), 110)),
      };
      return append(messages, {
        role,
        tool_call_id: `call_${rnd.base62(24)}`,
        content: JSON.stringify(result),
      });
    }
    return append(messages, { role, content: t.prose(rnd, within(room, rnd.int(40, 2_500), 40)) });
  });
}

const TLDS = ["com", "org", "io", "dev", "net", "gov"];
const url = (rnd) =>
  `https://${t.noun(rnd)}.${rnd.pick(TLDS)}/${t.noun(rnd)}/${t.identifier(rnd, "snake").replace(/_/g, "-")}`;
const COMMANDS = [
  "npm test",
  "pytest -q",
  "go build ./...",
  "git log --oneline -20",
  "make lint",
  "cargo check",
];
const STATUSES = ["active", "pending", "archived", "failed", "done"];

/** tool name → [its arguments, its result, what a unit of the result adds] */
const TOOLS = {
  web_search: (rnd) => {
    const items = [];
    return [
      {
        query: t.title(rnd).toLowerCase(),
        top_k: rnd.pick([5, 10, 20]),
        recency_days: rnd.pick([7, 30, 365]),
      },
      { items },
      (room) =>
        append(items, {
          rank: items.length + 1,
          title: t.title(rnd),
          url: url(rnd),
          snippet: t.prose(rnd, within(room, rnd.int(120, 420), 190)),
          score: Number(rnd.float().toFixed(4)),
          published_at: iso(Date.UTC(2024, 0, 1) + rnd.int(0, 800) * 86_400_000),
        }),
    ];
  },
  read_file: (rnd) => {
    const result = { path: t.filePath(rnd), sha256: rnd.hex(64), bytes: 0, content: "" };
    return [
      { path: result.path, start_line: 1, end_line: rnd.int(40, 400) },
      result,
      (room) => {
        const piece = `${result.content ? "\n" : ""}${t.code(rnd, within(room * 0.9, rnd.int(200, 2_000), 4))}`;
        result.content += piece;
        result.bytes = result.content.length;
        return piece;
      },
    ];
  },
  run_shell: (rnd, ctx) => {
    const result = {
      exit_code: rnd.weighted([
        [0, 85],
        [1, 12],
        [137, 3],
      ]),
      stdout: "",
      stderr: "",
      duration_ms: rnd.int(40, 90_000),
    };
    return [
      { command: rnd.pick(COMMANDS), cwd: `/workspace/${t.noun(rnd)}`, timeout_ms: 120_000 },
      result,
      (room) => {
        const piece = `${result.stdout ? "\n" : ""}${t.logLines(rnd, within(room * 0.95, rnd.int(300, 3_000), 4), ctx.atMs)}`;
        result.stdout += piece;
        return piece;
      },
    ];
  },
  sql_query: (rnd) => {
    const table = t.identifier(rnd, "snake");
    const rows = [];
    return [
      {
        sql: `SELECT id, name, status, amount, quantity, created_at, owner_id, tags FROM ${table} WHERE account_id = $1 ORDER BY created_at DESC LIMIT 100`,
        params: [rnd.uuid()],
      },
      { columns: ["id", "name", "status", "amount", "quantity", "created_at", "owner_id", "tags"], rows },
      () =>
        append(rows, {
          id: rnd.uuid(),
          name: t.title(rnd),
          status: rnd.pick(STATUSES),
          amount: Number((rnd.float() * 10_000).toFixed(2)),
          quantity: rnd.int(0, 500),
          created_at: iso(Date.UTC(2025, 0, 1) + rnd.int(0, 400 * 86_400) * 1000),
          owner_id: rnd.ulid(Date.UTC(2025, 0, 1) + rnd.int(0, 4e10)),
          tags: Array.from({ length: rnd.int(0, 4) }, () => t.noun(rnd)),
        }),
    ];
  },
  http_request: (rnd) => {
    const data = [];
    return [
      {
        method: rnd.pick(["GET", "GET", "POST"]),
        url: url(rnd),
        headers: { accept: "application/json", "user-agent": "agent/1.4.2" },
      },
      {
        status: 200,
        headers: { "content-type": "application/json", etag: `W/"${rnd.hex(16)}"` },
        body: { data, next: null },
      },
      (room) =>
        append(data, {
          id: rnd.ulid(Date.UTC(2025, 5, 1) + rnd.int(0, 4e9)),
          type: t.noun(rnd),
          attributes: {
            name: t.title(rnd),
            description: t.prose(rnd, within(room, rnd.int(60, 500), 260)),
            count: rnd.int(0, 100_000),
            active: rnd.chance(0.7),
            updated_at: iso(Date.UTC(2025, 5, 1) + rnd.int(0, 4e9)),
          },
          relationships: { owner: { id: rnd.uuid(), type: "user" } },
        }),
    ];
  },
  vector_search: (rnd) => {
    const matches = [];
    return [
      { collection: t.identifier(rnd, "snake"), query: t.title(rnd).toLowerCase(), k: rnd.pick([4, 8, 16]) },
      { matches },
      (room) =>
        append(matches, {
          id: `${t.noun(rnd)}-${rnd.hex(8)}`,
          score: Number((0.5 + rnd.float() / 2).toFixed(5)),
          metadata: { source: t.filePath(rnd), chunk: rnd.int(0, 300), page: rnd.int(1, 90) },
          text: t.prose(rnd, within(room, rnd.int(200, 1_200), 160)),
        }),
    ];
  },
};
const TOOL_NAMES = Object.keys(TOOLS);

function toolCall(rnd, target, ctx) {
  const tool = rnd.pick(TOOL_NAMES);
  const [args, result, add] = TOOLS[tool](rnd, ctx);
  const doc = {
    type: "tool_call",
    run_id: ctx.runId,
    step: ctx.step,
    call_id: `call_${rnd.base62(24)}`,
    tool,
    arguments: args,
    status: "ok",
    started_at: iso(ctx.atMs),
    duration_ms: rnd.int(3, 8_000),
    result,
  };
  return grow(doc, target, add);
}

function agentStep(rnd, target, ctx) {
  const plan = [];
  const doc = {
    type: "agent_step",
    run_id: ctx.runId,
    step: ctx.step,
    trace: { trace_id: rnd.hex(32), span_id: rnd.hex(16), parent_span_id: rnd.hex(16) },
    thought: t.prose(rnd, within(target * 0.3, rnd.int(80, 2_000), 0)),
    plan,
    observation: "",
    metrics: {
      input_tokens: rnd.int(100, 20_000),
      output_tokens: rnd.int(10, 2_000),
      cost_usd: Number((rnd.float() / 20).toFixed(6)),
      elapsed_ms: rnd.int(50, 60_000),
    },
    at: iso(ctx.atMs),
  };
  doc.observation = t.prose(rnd, Math.max(8, Math.floor((target - bytes(doc)) * 0.4)));
  return grow(doc, target, (room) =>
    append(plan, {
      id: `t${plan.length + 1}`,
      description: t.prose(rnd, within(room, rnd.int(40, 600), 70)),
      status: rnd.pick(["done", "done", "in_progress", "pending"]),
      depends_on: plan.length > 0 && rnd.chance(0.4) ? [`t${rnd.int(1, plan.length)}`] : [],
    }),
  );
}

const EVENTS = ["tool_error", "retry", "rate_limited", "handoff", "state_change", "guardrail_triggered"];
function agentEvent(rnd, target, ctx) {
  const event = rnd.pick(EVENTS);
  const doc = {
    type: "agent_event",
    run_id: ctx.runId,
    step: ctx.step,
    event,
    level: event === "tool_error" ? "error" : rnd.pick(["info", "warn"]),
    message: t.cut(t.sentence(rnd), Math.max(20, target / 4)),
    attempt: rnd.int(1, 5),
    at: iso(ctx.atMs),
  };
  if (event === "tool_error") {
    const stack = [];
    doc.error = { code: `E${t.identifier(rnd, "snake").toUpperCase()}`, message: t.sentence(rnd), stack };
    return grow(doc, target, () =>
      append(
        stack,
        `at ${t.identifier(rnd, "camel")} (${t.filePath(rnd)}:${rnd.int(1, 900)}:${rnd.int(1, 80)})`,
      ),
    );
  }
  const breadcrumbs = [];
  doc.details = { from: t.noun(rnd), to: t.noun(rnd), breadcrumbs };
  return grow(doc, target, (room) =>
    append(breadcrumbs, {
      at: iso(ctx.atMs - rnd.int(0, 60_000)),
      message: t.prose(rnd, within(room, rnd.int(30, 300), 45)),
    }),
  );
}

const KINDS = { llm_call: llmCall, tool_call: toolCall, agent_step: agentStep, agent_event: agentEvent };

module.exports = { bytes, KINDS };
