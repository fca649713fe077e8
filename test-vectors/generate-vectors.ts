// The vectors the TypeScript packages (core, sdk) and the Python client are all tested against,
// computed here by the TypeScript implementation: the server's @ctxlog/core, cross-checked with
// the SDK and viem as they are written. Run through generate.js. The rules PostgreSQL states too
// (ids' time, Merkle proofs out of a kept tree, a context's leaf, confirmation time: docs/sql.md,
// "Rules stated twice") are held to the same vectors by packages/db/src/mirrored-rules.test.ts.
import { writeFileSync } from "node:fs";
import path from "node:path";
import {
  buildMerkleLevels,
  buildMerkleTree,
  canonicalJson,
  confirmationSeconds,
  contextLeaf,
  createContextSigner,
  entryHash,
  findJsonHazard,
  hashContext,
  idFloor,
  idTimestamp,
  verificationVerdict,
} from "@ctxlog/core";
import { canonicalize, computeEntryHash, hashContext as sdkHashContext, verifyReceipt } from "@ctxlog/sdk";
import { bytesToHex, type Hex, hexToBytes, recoverTypedDataAddress } from "viem";
import { privateKeyToAccount, signTypedData } from "viem/accounts";
// not exported by the package index: the write path signs through createContextSigner
import { receiptDigest, signReceiptDigest } from "../packages/core/src/chain-entry";
import { withHeldData } from "../packages/sdk/src/erased-bundle";
import { offlineChecks } from "../packages/sdk/src/offline-checks";

// anvil's dev keys: never funded anywhere real
const SIGNER_KEY: Hex = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
const ATTESTATION_KEY: Hex = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";
const STRANGER_KEY: Hex = "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a";
const DOMAIN = { name: "ctxlog", version: "1" } as const;
const RECEIPT_TYPES = {
  Receipt: [
    { name: "contextHash", type: "bytes32" },
    { name: "userId", type: "string" },
    { name: "agentId", type: "string" },
    { name: "sequence", type: "uint64" },
    { name: "prevEntryHash", type: "bytes32" },
    { name: "receivedAt", type: "uint64" },
  ],
} as const;
const ZERO = `0x${"0".repeat(64)}` as Hex;

function expectSame(what: string, a: unknown, b: unknown) {
  if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`${what}: ${String(a)} !== ${String(b)}`);
}

// ---- canonical JSON --------------------------------------------------------------------------
// Inputs are JSON text: each implementation parses it its own way (JSON.parse, json.loads), which
// is part of what is tested (an integer above 2^53 is a double to JavaScript, an int to Python).
const CANONICAL_INPUTS: [string, string][] = [
  ["1e21 is written with an exponent", "[1e21, 1e20, 999999999999999900000]"],
  ["1e-7 is written with an exponent, 1e-6 is not", "[1e-7, 1e-6, 0.000001, 1.5e-7]"],
  ["negative zero is 0", "[-0, -0.0, 0.0, 0]"],
  [
    "integers above 2^53 are rounded to the nearest double",
    "[9007199254740993, 9007199254740992, 18014398509481985, 123456789012345678901234567890]",
  ],
  [
    "doubles: shortest round-trip digits",
    "[0.1, 0.30000000000000004, 5e-324, 1.7976931348623157e308, 2.5e-10, -1.5, 100, 1.0, 123e-20]",
  ],
  [
    "keys sorted by UTF-16 code units, not code points",
    '{"\\ue000": 1, "\\ud83d\\ude00": 2, "a": 3, "\\u00e9": 4, "A": 5, "": 6, "aa": 7, "\\u0080": 8}',
  ],
  [
    "escapes as JSON.stringify writes them",
    '{"s": "\\"\\\\/\\b\\f\\n\\r\\t\\u0001\\u001f\\u007f\\u2028\\u2029é😀"}',
  ],
  [
    "nesting, empty containers, literals",
    '{"b": [[], {}, [null, true, false]], "a": {"z": {"y": [1, {"x": "w"}]}}}',
  ],
  [
    "a context as the service hashes it",
    '{"agent_id": "planner-7", "context_data": {"task": "summarize", "steps": 3}, "metadata": {"run": 42}}',
  ],
];
const REFUSED_INPUTS: [string, string][] = [
  ["a lone high surrogate in a value", '{"s": "\\ud800"}'],
  ["a lone low surrogate in a key", '{"\\udc00": 1}'],
  ["a high surrogate followed by a non-surrogate", '["\\ud83dx"]'],
];

function canonicalVectors() {
  const cases = CANONICAL_INPUTS.map(([name, input_json]) => {
    const value = JSON.parse(input_json);
    const canonical = canonicalJson(value);
    expectSame(`sdk canonicalize: ${name}`, canonicalize(value), canonical);
    return { name, input_json, canonical };
  });
  const refused = REFUSED_INPUTS.map(([name, input_json]) => {
    const hazard = findJsonHazard(JSON.parse(input_json), { maxDepth: 64 });
    if (!hazard) throw new Error(`the service would accept ${name}`);
    return { name, input_json, reason: hazard.reason };
  });
  return { cases, refused };
}

// ---- context and entry hashes -------------------------------------------------------------------
const CONTEXTS = [
  { agent_id: "planner-7", context_data: { task: "summarize", steps: 3 }, metadata: { run: 42 } },
  { agent_id: "agent-ü", context_data: { z: 1, a: [true, null, 'é\u2028\n"\\'], "€": { b: 2, a: 1 } } },
  {
    agent_id: "agent-3",
    context_data: { n: [1e21, 1e-7, -0, 0.1, 123456789012345680000, 5e-324] },
    metadata: {},
  },
  {
    agent_id: "agent-4",
    context_data: { emoji: "😀", "\ud83d\ude00k": 1, é: 2, e: 3 },
    metadata: { x: null },
  },
  { agent_id: "agent-5", context_data: {}, metadata: null },
];

function hashVectors() {
  const contexts = CONTEXTS.map((c) => {
    const { canonical, contextHash } = hashContext(c);
    expectSame("sdk hashContext", sdkHashContext(c).contextHash, contextHash);
    return { ...c, canonical, context_hash: contextHash };
  });
  const entries: Record<string, unknown>[] = [];
  let prev = ZERO;
  for (const [i, c] of contexts.entries()) {
    const fields = {
      contextHash: c.context_hash,
      userId: i === 3 ? "usr-ü-unicode" : "usr-vectors",
      agentId: c.agent_id,
      sequence: i === 4 ? 9_007_199_254_740_991 : i + 1,
      prevEntryHash: prev,
    };
    const hash = entryHash(fields);
    expectSame(
      "sdk computeEntryHash",
      computeEntryHash({
        context_hash: fields.contextHash,
        user_id: fields.userId,
        agent_id: fields.agentId,
        sequence: fields.sequence,
        prev_entry_hash: fields.prevEntryHash,
      }),
      hash,
    );
    entries.push({
      context_hash: fields.contextHash,
      user_id: fields.userId,
      agent_id: fields.agentId,
      sequence: fields.sequence,
      prev_entry_hash: fields.prevEntryHash,
      entry_hash: hash,
    });
    prev = hash;
  }
  return { contexts, entries };
}

// ---- receipts (EIP-712) and signer recovery -------------------------------------------------------
async function receiptVectors(entries: Record<string, unknown>[]) {
  const attestation = privateKeyToAccount(ATTESTATION_KEY);
  const receivedAts = ["2026-11-26T12:00:00.000Z", "2026-01-31T23:59:59.999Z", "1970-01-01T00:00:00.001Z"];
  const receipts = [];
  for (const [i, e] of entries.slice(0, 3).entries()) {
    const received_at = receivedAts[i] as string;
    const fields = {
      contextHash: e.context_hash as string,
      userId: e.user_id as string,
      agentId: e.agent_id as string,
      sequence: e.sequence as number,
      prevEntryHash: e.prev_entry_hash as string,
      receivedAt: new Date(received_at),
    };
    const signature = signReceiptDigest(fields, hexToBytes(ATTESTATION_KEY));
    const typed = {
      domain: DOMAIN,
      types: RECEIPT_TYPES,
      primaryType: "Receipt" as const,
      message: {
        contextHash: fields.contextHash as Hex,
        userId: fields.userId,
        agentId: fields.agentId,
        sequence: BigInt(fields.sequence),
        prevEntryHash: fields.prevEntryHash as Hex,
        receivedAt: BigInt(fields.receivedAt.getTime()),
      },
    };
    expectSame(
      "viem signTypedData",
      await signTypedData({ ...typed, privateKey: ATTESTATION_KEY }),
      signature,
    );
    expectSame("viem recover", await recoverTypedDataAddress({ ...typed, signature }), attestation.address);
    const receipt = {
      context_hash: fields.contextHash,
      user_id: fields.userId,
      agent_id: fields.agentId,
      sequence: fields.sequence,
      prev_entry_hash: fields.prevEntryHash,
      received_at,
      signer: attestation.address,
      signature,
    };
    expectSame("sdk verifyReceipt", await verifyReceipt(receipt as never), null);
    receipts.push({
      name: `receipt ${i + 1}`,
      receipt,
      received_at_ms: fields.receivedAt.getTime(),
      digest: bytesToHex(receiptDigest(fields)),
      valid: true,
    });
  }
  const base = receipts[0]?.receipt as Record<string, unknown>;
  const stranger = privateKeyToAccount(STRANGER_KEY).address;
  const tampered = [
    ["a changed context_hash", { context_hash: entries[1]?.context_hash }],
    ["a received_at one millisecond later", { received_at: "2026-11-26T12:00:00.001Z" }],
    ["a changed sequence", { sequence: 2 }],
    ["another signer claimed", { signer: stranger }],
  ] as const;
  for (const [name, change] of tampered) {
    const receipt = { ...base, ...change };
    const problem = await verifyReceipt(receipt as never);
    if (problem === null) throw new Error(`tampered receipt accepted: ${name}`);
    receipts.push({ name, receipt, valid: false, problem });
  }
  // recovery in each signature form: v 27/28 and v 0/1 recover; viem refuses the 64-byte EIP-2098
  // compact form (address null), and so must every implementation
  const recoveries = [];
  for (const r of receipts.slice(0, 3)) {
    const sig = (r.receipt as { signature: Hex }).signature;
    const bytes = hexToBytes(sig);
    const v = bytes[64] as number;
    const zeroOne = bytesToHex(new Uint8Array([...bytes.subarray(0, 64), v - 27]));
    const compact = new Uint8Array(bytes.subarray(0, 64));
    compact[32] = (compact[32] as number) | ((v - 27) << 7);
    for (const [form, signature] of [
      ["v 27/28", sig],
      ["v 0/1", zeroOne],
      ["EIP-2098 compact", bytesToHex(compact)],
    ] as const) {
      const address = await recoverTypedDataAddress({
        domain: DOMAIN,
        types: RECEIPT_TYPES,
        primaryType: "Receipt",
        message: {
          contextHash: (r.receipt as { context_hash: Hex }).context_hash,
          userId: (r.receipt as { user_id: string }).user_id,
          agentId: (r.receipt as { agent_id: string }).agent_id,
          sequence: BigInt((r.receipt as { sequence: number }).sequence),
          prevEntryHash: (r.receipt as { prev_entry_hash: Hex }).prev_entry_hash,
          receivedAt: BigInt(r.received_at_ms as number),
        },
        signature,
      }).catch(() => null);
      recoveries.push({ form, digest: r.digest, signature, address });
    }
  }
  return { signer: attestation.address, receipts, recoveries };
}

// ---- Merkle proofs ----------------------------------------------------------------------------------
// Each tree also as the chain worker keeps it (anchors.merkle_tree): `levels`, every level below
// the root, leaves first, 32 bytes a node; SQL's ctxlog_merkle_proof reads `proofs` out of it. And
// a context's leaf (`context_leaves`): its entry_hash, or its context_hash when it has none.
function merkleVectors(leafPool: Hex[], entries: Record<string, unknown>[]) {
  const trees = [1, 2, 3, 5, 8].map((n) => {
    const leaves = Array.from({ length: n }, (_, i) => leafPool[i % leafPool.length] as Hex).map(
      (leaf, i) =>
        // distinct leaves: the pool's hashes with the index in the last byte
        `${leaf.slice(0, 64)}${i.toString(16).padStart(2, "0")}` as Hex,
    );
    const tree = buildMerkleTree(leaves);
    const kept = buildMerkleLevels(leaves);
    expectSame("buildMerkleLevels root", kept.root, tree.root);
    return { leaves, root: tree.root, proofs: tree.proofs, levels: bytesToHex(kept.levels) };
  });
  const five = trees[3] as { leaves: Hex[]; root: Hex; proofs: Hex[][] };
  const invalid = [
    {
      name: "a flipped proof element",
      leaf: five.leaves[0],
      proof: [ZERO, ...(five.proofs[0] ?? []).slice(1)],
      root: five.root,
    },
    { name: "another leaf's proof", leaf: five.leaves[0], proof: five.proofs[1], root: five.root },
    {
      name: "a proof one step short",
      leaf: five.leaves[0],
      proof: (five.proofs[0] ?? []).slice(0, -1),
      root: five.root,
    },
  ];
  const contexts = [
    ...entries.map((e) => ({ context_hash: e.context_hash as Hex, entry_hash: e.entry_hash as Hex })),
    // logged before logs were chained: no entry hash
    { context_hash: leafPool[0] as Hex, entry_hash: null },
  ];
  const context_leaves = contexts.map((c) => ({
    ...c,
    leaf: contextLeaf({ contextHash: c.context_hash, entryHash: c.entry_hash }),
  }));
  return { algorithm: "sorted-pair-keccak256", trees, invalid, context_leaves };
}

// ---- ids: the time a ULID id encodes ---------------------------------------------------------------
// idFloor(prefix, t): the smallest id minted at or after t (ids are `<prefix>_<ULID>`), which makes
// "created since t" an id range; SQL's ctxlog_ulid_floor gives the same ids (the event partitions'
// bounds). Times outside what 48 bits of milliseconds hold are clamped to its ends.
const FLOOR_TIMES: [string, string, string][] = [
  ["the epoch", "ctx", "1970-01-01T00:00:00.000Z"],
  ["one millisecond", "evt", "1970-01-01T00:00:00.001Z"],
  ["a day's start", "evt", "2026-11-30T00:00:00.000Z"],
  ["the next day's start", "evt", "2026-12-01T00:00:00.000Z"],
  ["a time with milliseconds", "dlv", "2026-11-26T12:34:56.789Z"],
  ["the last millisecond of a leap year", "vrf", "2028-12-31T23:59:59.999Z"],
  ["the last time 48 bits hold", "ctx", new Date(2 ** 48 - 1).toISOString()],
  ["after it: clamped", "ctx", new Date(2 ** 48 + 1000).toISOString()],
  ["before the epoch: clamped", "ctx", "1969-12-31T23:59:59.999Z"],
];
const TIMESTAMP_IDS: [string, string][] = [
  ["a context id", "ctx_01KB4Z1K2N3P4Q5R6S7T8V9W0X"],
  ["the smallest id", "evt_00000000000000000000000000"],
  ["the largest time", "ctx_7ZZZZZZZZZ0000000000000000"],
  ["above 48 bits", "ctx_80000000000000000000000000"],
  ["no prefix", "01KB4Z1K2N3P4Q5R6S7T8V9W0X"],
  ["a lowercase time", "ctx_01kb4z1k2n3p4q5r6s7t8v9w0x"],
  ["a letter not in Crockford base32", "ctx_01KB4Z1K2U3P4Q5R6S7T8V9W0X"],
  ["one character short", "ctx_01KB4Z1K2N3P4Q5R6S7T8V9W0"],
];

function idVectors() {
  // at_ms beside at: a year past 9999 has no plain ISO 8601 form every reader parses
  const floors = FLOOR_TIMES.map(([name, prefix, at]) => ({
    name,
    prefix,
    at,
    at_ms: new Date(at).getTime(),
    floor: idFloor(prefix, new Date(at)),
  }));
  const times = TIMESTAMP_IDS.map(([name, id]) => ({
    name,
    id,
    time: idTimestamp(id)?.toISOString() ?? null,
  }));
  return { floors, times };
}

// ---- confirmation time --------------------------------------------------------------------------------
// Whole seconds from a context's receipt (created_at) to its batch's confirmation (confirmed_at),
// never negative: what a record and its context.confirmed event show, and what the overview
// averages (SQL ctxlog_confirmation_seconds). Both times are kept to the millisecond.
const CONFIRMATION_TIMES: [string, string, string][] = [
  ["at once", "2026-11-26T12:00:00.000Z", "2026-11-26T12:00:00.000Z"],
  ["just under half a second rounds down", "2026-11-26T12:00:00.000Z", "2026-11-26T12:00:00.499Z"],
  ["half a second rounds up", "2026-11-26T12:00:00.000Z", "2026-11-26T12:00:00.500Z"],
  ["two and a half seconds round up", "2026-11-26T12:00:00.250Z", "2026-11-26T12:00:02.750Z"],
  ["twelve seconds", "2026-11-26T12:00:00.123Z", "2026-11-26T12:00:12.123Z"],
  ["across midnight", "2026-11-30T23:59:58.900Z", "2026-12-01T00:00:10.000Z"],
  ["across a month and a leap day", "2028-02-28T12:00:00.000Z", "2028-03-01T12:00:00.001Z"],
  ["a confirmation stamped before the receipt is 0", "2026-11-26T12:00:05.000Z", "2026-11-26T12:00:00.000Z"],
  ["half a second before is 0", "2026-11-26T12:00:00.500Z", "2026-11-26T12:00:00.000Z"],
];

function confirmationTimeVectors() {
  const cases = CONFIRMATION_TIMES.map(([name, created_at, confirmed_at]) => ({
    name,
    created_at,
    confirmed_at,
    seconds: confirmationSeconds(new Date(created_at), new Date(confirmed_at)),
  }));
  return { cases };
}

// ---- proof bundles and their offline check results -----------------------------------------------------
type Bundle = Record<string, unknown>;
const CHAIN_FIELDS = {
  merkle_algorithm: "sorted-pair-keccak256",
  chain_id: 31337,
  network: "anvil",
  registry_address: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
  transaction_hash: `0x${"ab".repeat(32)}`,
  block_number: 12,
  required_confirmations: 3,
};

async function bundleVectors() {
  const signer = createContextSigner(SIGNER_KEY);
  const attestation = privateKeyToAccount(ATTESTATION_KEY).address;
  const hashed = CONTEXTS.slice(0, 4).map((c) => ({ c, ...hashContext(c) }));
  const v1Tree = buildMerkleTree(hashed.map((h) => h.contextHash));
  const common = (h: (typeof hashed)[number], i: number) => ({
    context_id: `ctx_VECTOR${i}`,
    context: { agent_id: h.c.agent_id, context_data: h.c.context_data, metadata: h.c.metadata ?? {} },
    canonical_context: h.canonical,
    canonicalization: "RFC8785",
    hash_algorithm: "keccak256",
    context_hash: h.contextHash,
    leaf_index: i,
    ...CHAIN_FIELDS,
  });
  const v1: Bundle = {
    version: 1,
    ...common(hashed[2] as (typeof hashed)[number], 2),
    signature: await signer.sign((hashed[2] as (typeof hashed)[number]).contextHash),
    signature_scheme: "EIP-191",
    signer_address: signer.address,
    merkle_proof: v1Tree.proofs[2],
    merkle_root: v1Tree.root,
  };
  // one log: entries 1..4 of usr-vectors / each agent's own log is not needed for the leaf math
  let prev = ZERO;
  const links = hashed.map((h, i) => {
    const link = {
      user_id: "usr-vectors",
      sequence: i + 1,
      prev_entry_hash: prev,
      entry_hash: entryHash({
        contextHash: h.contextHash,
        userId: "usr-vectors",
        agentId: h.c.agent_id,
        sequence: i + 1,
        prevEntryHash: prev,
      }),
    };
    prev = link.entry_hash;
    return link;
  });
  const logTree = buildMerkleTree(links.map((l) => l.entry_hash));
  const h1 = hashed[1] as (typeof hashed)[number];
  const l1 = links[1] as (typeof links)[number];
  const v2: Bundle = {
    version: 2,
    ...common(h1, 1),
    ...l1,
    signature: await signer.sign(h1.contextHash),
    signature_scheme: "EIP-191",
    signer_address: signer.address,
    merkle_proof: logTree.proofs[1],
    merkle_root: logTree.root,
    anchor_address: signer.address,
  };
  // version 3 (the write path's one-signature bundle): the signature is the EIP-712 Receipt
  const receivedAt = "2026-11-26T12:34:56.789Z";
  const h3 = hashed[3] as (typeof hashed)[number];
  const l3 = links[3] as (typeof links)[number];
  const v3: Bundle = {
    version: 3,
    ...common(h3, 3),
    ...l3,
    received_at: receivedAt,
    eip712_domain: DOMAIN,
    signature: signReceiptDigest(
      {
        contextHash: h3.contextHash,
        userId: l3.user_id,
        agentId: h3.c.agent_id,
        sequence: l3.sequence,
        prevEntryHash: l3.prev_entry_hash,
        receivedAt: new Date(receivedAt),
      },
      hexToBytes(ATTESTATION_KEY),
    ),
    signature_scheme: "EIP-712",
    signer_address: attestation,
    merkle_proof: logTree.proofs[3],
    merkle_root: logTree.root,
    anchor_address: signer.address,
  };
  const stranger = createContextSigner(STRANGER_KEY);
  const flip = (hex: string) => `${hex.slice(0, -1)}${hex.endsWith("0") ? "1" : "0"}`;
  const cases: [string, Bundle][] = [
    ["version 1, genuine", v1],
    ["version 2, genuine", v2],
    ["version 3, genuine", v3],
    [
      "v1: context_data changed",
      { ...v1, context: { ...(v1.context as object), context_data: { n: "changed" } } },
    ],
    ["v1: canonical_context changed with it", { ...v1, canonical_context: `${v1.canonical_context} ` }],
    ["v1: context_hash changed", { ...v1, context_hash: flip(v1.context_hash as string) }],
    ["v1: signed by another key", { ...v1, signature: await stranger.sign(v1.context_hash as Hex) }],
    ["v1: signer_address of another key", { ...v1, signer_address: stranger.address }],
    ["v1: signature is not hex", { ...v1, signature: "0xnothex" }],
    [
      "v1: a proof element changed",
      {
        ...v1,
        merkle_proof: [
          flip((v1.merkle_proof as string[])[0] as string),
          ...(v1.merkle_proof as string[]).slice(1),
        ],
      },
    ],
    ["v1: merkle_root changed", { ...v1, merkle_root: flip(v1.merkle_root as string) }],
    ["v1: signature_scheme unknown", { ...v1, signature_scheme: "EIP-712" }],
    ["v1: context missing", (({ context: _, ...rest }) => rest)(v1)],
    ["v2: sequence changed", { ...v2, sequence: 7 }],
    ["v2: prev_entry_hash changed", { ...v2, prev_entry_hash: flip(v2.prev_entry_hash as string) }],
    ["v2: user_id changed", { ...v2, user_id: "usr-other" }],
    ["v2: entry_hash missing", (({ entry_hash: _, ...rest }) => rest)(v2)],
    ["v3: received_at changed", { ...v3, received_at: "2026-11-26T12:34:56.790Z" }],
    ["v3: eip712_domain of another service", { ...v3, eip712_domain: { name: "other", version: "1" } }],
    [
      "v3: EIP-191 signature over context_hash",
      { ...v3, signature: await signer.sign(v3.context_hash as Hex), signer_address: signer.address },
    ],
    ["v3: signature_scheme EIP-191", { ...v3, signature_scheme: "EIP-191" }],
    ["v3: sequence changed", { ...v3, sequence: 9 }],
    ["v3: context_data changed", { ...v3, context: { ...(v3.context as object), context_data: {} } }],
  ];
  // erased data (DELETE /v1/contexts/:id/data): the data checks are unavailable, not failed; the
  // data its holder kept (`held`) makes them run again
  const erase = (b: Bundle): Bundle => ({
    ...b,
    context: { agent_id: (b.context as { agent_id: string }).agent_id, context_data: null, metadata: null },
    canonical_context: null,
    data_erased_at: "2026-11-27T01:00:00.000Z",
  });
  const heldOf = (b: Bundle) => {
    const { context_data, metadata, agent_id } = b.context as Record<string, unknown>;
    return { agent_id, context_data, metadata };
  };
  const erasedCases: [string, Bundle, Record<string, unknown>?][] = [
    ["v1: data erased", erase(v1)],
    ["v2: data erased", erase(v2)],
    ["v3: data erased", erase(v3)],
    [
      "v3: data erased, context_hash changed",
      { ...erase(v3), context_hash: flip(v3.context_hash as string) },
    ],
    ["v3: data erased, the data held supplied", erase(v3), heldOf(v3)],
    [
      "v3: data erased, other data supplied",
      erase(v3),
      {
        ...heldOf(v3),
        context_data: { ...((v3.context as { context_data: object }).context_data ?? {}), x: 1 },
      },
    ],
  ];
  const checksOf = (bundle: Bundle) =>
    bundle.version === 3 ? v3OfflineChecks(bundle) : offlineChecks(bundle);
  const out = [];
  for (const [name, bundle] of cases) {
    const checks = await checksOf(bundle);
    const expected = Object.fromEntries(checks.map((c) => [c.name, c.ok]));
    out.push({ name, bundle, expected, verdict: verificationVerdict(checks) });
  }
  for (const [name, bundle, held] of erasedCases) {
    const checks = await checksOf((held ? withHeldData(bundle, held as never) : bundle) as Bundle);
    const expected = Object.fromEntries(checks.map((c) => [c.name, c.ok]));
    const unavailable = checks.filter((c) => c.unavailable).map((c) => c.name);
    out.push({
      name,
      bundle,
      ...(held ? { held } : {}),
      expected,
      unavailable,
      verdict: verificationVerdict(checks),
    });
  }
  return { signer: signer.address, attestation, cases: out };
}

/**
 * The offline checks of a version 3 bundle, by the definition the write path implements: the SDK's
 * checks for the hash, canonical form and (v2) Merkle leaf, and signature_valid = the EIP-712
 * Receipt signature under {name: "ctxlog", version: "1"} recovers signer_address.
 */
async function v3OfflineChecks(bundle: Bundle) {
  const asV2 = { ...bundle, version: 2, signature_scheme: "EIP-191" };
  const checks = await offlineChecks(asV2);
  let ok = false;
  try {
    const b = bundle as Record<string, never>;
    const domainOk = JSON.stringify(b.eip712_domain) === JSON.stringify(DOMAIN);
    const recovered = await recoverTypedDataAddress({
      domain: DOMAIN,
      types: RECEIPT_TYPES,
      primaryType: "Receipt",
      message: {
        contextHash: b.context_hash,
        userId: b.user_id,
        agentId: (b.context as { agent_id: string }).agent_id,
        sequence: BigInt(b.sequence),
        prevEntryHash: b.prev_entry_hash,
        receivedAt: BigInt(Date.parse(b.received_at)),
      },
      signature: b.signature,
    });
    ok =
      domainOk &&
      bundle.signature_scheme === "EIP-712" &&
      recovered.toLowerCase() === String(b.signer_address).toLowerCase();
  } catch {
    ok = false;
  }
  return checks.map((c) => (c.name === "signature_valid" ? { ...c, ok } : c));
}

export async function writeVectors(dir: string): Promise<string[]> {
  const hashes = hashVectors();
  const files: Record<string, unknown> = {
    "canonical.json": canonicalVectors(),
    "hashes.json": hashes,
    "receipts.json": await receiptVectors(hashes.entries),
    "merkle.json": merkleVectors(
      hashes.contexts.map((c) => c.context_hash as Hex),
      hashes.entries,
    ),
    "ids.json": idVectors(),
    "confirmation-time.json": confirmationTimeVectors(),
    "bundles.json": await bundleVectors(),
  };
  const written = [];
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dir, name);
    const header = { generated_by: "test-vectors/generate.js (from @ctxlog/core and @ctxlog/sdk)" };
    writeFileSync(file, `${JSON.stringify({ ...header, ...(content as object) }, null, 2)}\n`);
    written.push(file);
  }
  return written;
}
