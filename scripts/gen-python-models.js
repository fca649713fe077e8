#!/usr/bin/env node
// Writes clients/python/src/ctxlog/_generated_models.py: the Python client's answer types as
// dataclasses, one per schema of apps/api/openapi.json named in MODELS below, with the schema's
// fields in its order. ctxlog/models.py re-exports them; ctxlog/_model_base.py is their behaviour
// (from_dict, to_dict).
//
//   node scripts/gen-python-models.js              rewrites the committed file
//   node scripts/gen-python-models.js --out DIR    writes DIR/_generated_models.py instead
//   … --in FILE                                    reads FILE instead of apps/api/openapi.json
//
// Every field is Optional with a default (an older or newer server may leave it out), lists default
// to []; keys the document does not name land in `extra`. A field holding one object of another
// model here (CreatedContext.receipt) is built as that model; other nested objects stay dicts.
const fs = require("node:fs");
const path = require("node:path");

const root = path.resolve(__dirname, "..");
const input = path.join(root, "apps/api/openapi.json");
const committedDir = path.join(root, "clients/python/src/ctxlog");
const FILE = "_generated_models.py";

/** [Python class, schema in components.schemas, base class (its schema's fields must be the first)] */
const MODELS = [
  ["AuthStatus", "AuthenticationStatus"],
  ["Receipt", "Receipt"],
  ["Context", "Context"],
  ["CreatedContext", "CreatedContext", "Context"],
  ["Verification", "Verification"],
  ["Signer", "Signer"],
  ["Webhook", "Webhook"],
  ["CreatedWebhook", "CreatedWebhook", "Webhook"],
  ["RotatedWebhookSecret", "RotatedWebhookSecret"],
  ["DeletedWebhook", "DeletedWebhook"],
  ["WebhookDelivery", "WebhookDelivery"],
  ["WebhookDeliveryDetail", "WebhookDeliveryDetail", "WebhookDelivery"],
  ["RecoveringWebhook", "RecoveringWebhook"],
  ["AgentLog", "AgentLog"],
  ["RecordedEvent", "Event"],
  ["EventType", "EventType"],
  ["AgentTrace", "AgentTrace"],
  ["WebhookStats", "WebhookStats"],
  ["SearchResult", "SearchResult"],
  ["AnchoringStatus", "AnchoringStatus"],
  ["Overview", "Overview"],
  ["OverviewSeries", "OverviewSeries"],
  ["AnchoringCosts", "AnchoringCosts"],
  ["LegalHold", "LegalHold"],
];

const PY_KEYWORDS = new Set(
  "False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield".split(
    " ",
  ),
);
const PRIMITIVE = { string: "str", integer: "int", number: "float", boolean: "bool" };
const WIDTH = 110;

function generate(file = input) {
  const doc = JSON.parse(fs.readFileSync(file, "utf8"));
  const schemas = doc.components.schemas;
  const classOfSchema = new Map(MODELS.map(([cls, schema]) => [schema, cls]));
  const ref = (s) => (s?.$ref ? s.$ref.replace("#/components/schemas/", "") : undefined);
  const resolve = (s) => (s?.$ref ? schemas[ref(s)] : s);
  /** The schema without its null alternative (`anyOf [X, null]`, `type: [X, "null"]`). */
  const nonNull = (s) => {
    if (Array.isArray(s.anyOf)) {
      const rest = s.anyOf.filter((a) => a.type !== "null");
      return rest.length === 1 ? rest[0] : { anyOf: rest };
    }
    if (Array.isArray(s.type)) {
      const rest = s.type.filter((t) => t !== "null");
      return rest.length === 1 ? { ...s, type: rest[0] } : s;
    }
    return s;
  };
  /** A scalar's Python type (enums and consts by their values' type), else undefined. */
  const scalar = (s) => {
    const r = nonNull(resolve(s));
    if (PRIMITIVE[r.type]) return PRIMITIVE[r.type];
    const values = r.anyOf?.map((a) => a.const ?? a.enum?.[0]);
    if (values?.length && values.every((v) => Number.isInteger(v))) return "int";
    if (values?.length && values.every((v) => typeof v === "string")) return "str";
    return undefined;
  };
  /** { annotation, list, model } of one property. */
  const fieldType = (prop) => {
    const s = nonNull(prop);
    const model = classOfSchema.get(ref(s));
    if (model) return { annotation: `Optional[${model}]`, model };
    const r = resolve(s);
    const plain = scalar(r);
    if (plain) return { annotation: `Optional[${plain}]` };
    if (nonNull(r).type === "array") {
      const item = scalar(nonNull(r).items ?? {}) ?? "Dict[str, Any]";
      return { annotation: `List[${item}]`, list: true };
    }
    // an object whose fields are all of one scalar type reads as a mapping of that type (counts)
    const props = Object.values(nonNull(r).properties ?? {}).map((p) =>
      nonNull(p) === p ? scalar(p) : undefined,
    );
    const one = props.length > 0 && props.every((t) => t === props[0]) ? props[0] : "Any";
    return { annotation: `Optional[Dict[str, ${one}]]` };
  };

  // Where each schema is answered, for the docstrings the document does not give.
  const answeredBy = new Map();
  for (const [p, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      for (const [status, res] of Object.entries(op.responses ?? {})) {
        const body = res.content?.["application/json"]?.schema;
        if (!status.startsWith("2") || !body) continue;
        const listed = ref(resolve(body)?.properties?.data?.items);
        const name = listed ?? ref(body);
        if (!name) continue;
        const uses = answeredBy.get(name) ?? { answers: [], items: [] };
        uses[listed ? "items" : "answers"].push(`${method.toUpperCase()} /v1${p}`);
        answeredBy.set(name, uses);
      }
    }
  }

  const out = [
    "# GENERATED by scripts/gen-python-models.js from apps/api/openapi.json; do not edit.",
    "# Regenerate with `npm run gen:clients`; test/e2e/clients/generated-types.test.ts fails while it is stale.",
    '"""The API\'s answers as dataclasses, with the document\'s field names (see ctxlog.models)."""',
    "",
    "from __future__ import annotations",
    "",
    "from dataclasses import dataclass, field",
    "from typing import Any, Dict, List, Optional",
    "",
    "from ._model_base import _Model",
    "",
    ...wrap(`__all__ = [${MODELS.map(([cls]) => JSON.stringify(cls)).join(", ")}]`, "", "    "),
  ];
  const emitted = new Set();
  for (const [cls, name, base] of MODELS) {
    const schema = schemas[name];
    if (!schema?.properties) throw new Error(`openapi.json has no object schema ${name} (for ${cls})`);
    const inherited = base ? Object.keys(schemas[MODELS.find(([c]) => c === base)[1]].properties) : [];
    inherited.forEach((key, i) => {
      if (Object.keys(schema.properties)[i] !== key) {
        throw new Error(`${name} does not start with the fields of ${base}'s schema (${key}): drop the base`);
      }
    });
    out.push("", "", "@dataclass", `class ${cls}(${base ?? "_Model"}):`);
    const uses = answeredBy.get(name) ?? { answers: [], items: [] };
    const doc =
      schema.description ??
      [
        uses.answers.length ? `The answer of ${uses.answers.join(", ")}.` : "",
        uses.items.length ? `An item of the list ${uses.items.join(", ")} answers.` : "",
      ]
        .filter(Boolean)
        .join(" ");
    const docText = doc.replaceAll("\\", "\\\\").replaceAll('"', '\\"');
    out.push(...wrap(`"""${docText} (openapi.json: ${name})"""`, "    "), "");
    for (const [key, prop] of Object.entries(schema.properties)) {
      if (inherited.includes(key)) continue;
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key) || PY_KEYWORDS.has(key) || key === "extra") {
        throw new Error(`${name}.${key} is not usable as a Python field name`);
      }
      const { annotation, list, model } = fieldType(prop);
      if (model && !emitted.has(model))
        throw new Error(`${cls}.${key}: list ${model} before ${cls} in MODELS`);
      const description = prop.description ?? nonNull(prop).description;
      if (description) out.push(...wrap(`#: ${description}`, "    ", "#: "));
      const value = list
        ? "field(default_factory=list)"
        : model
          ? `field(default=None, metadata={"model": ${model}})`
          : "None";
      out.push(`    ${key}: ${annotation} = ${value}`);
    }
    if (!base) out.push("    extra: Dict[str, Any] = field(default_factory=dict, repr=False)");
    emitted.add(cls);
  }
  return `${out.join("\n")}\n`;
}

/** Wraps text at WIDTH, every line prefixed by `indent` and later lines by `lead` too. */
function wrap(text, indent, lead = "") {
  const lines = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && indent.length + (lines.length ? lead.length : 0) + next.length > WIDTH) {
      lines.push(line);
      line = word;
    } else {
      line = next;
    }
  }
  lines.push(line);
  return lines.map((l, i) => indent + (i ? lead : "") + l);
}

/** The value after `--name` on the command line, else `fallback`. */
function arg(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : path.resolve(process.argv[at + 1]);
}

if (require.main === module) {
  const dir = arg("out", committedDir);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, FILE), generate(arg("in", input)));
  console.log(`wrote ${path.relative(root, path.join(dir, FILE))}`);
}

module.exports = { generate, FILE };
