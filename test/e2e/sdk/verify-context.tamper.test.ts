// Integration: every way of tampering with a genuine bundle fails exactly the check it breaks,
// against a real anvil and the real registry (bundles built by the server's code, see the fixture).

import { ANVIL_DEV_KEYS } from "@ctxlog/contracts/anvil";
import { createContextSigner } from "@ctxlog/core";
import type { ProofBundle } from "@ctxlog/sdk";
import { CHECK_NAMES, verifyContext } from "@ctxlog/sdk";
import { keccak256, stringToBytes } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { type AnchorFixture, STRANGER_KEY, startAnchorFixture, tamper } from "./anchor-fixture";

let f: AnchorFixture;
let bundle: ProofBundle;

beforeAll(async () => {
  f = await startAnchorFixture({ confirmations: 3 });
  bundle = f.bundles[0] as ProofBundle;
});
afterAll(() => f?.stop());

const verify = (b: unknown, opts: Partial<Parameters<typeof verifyContext>[1]> = {}) =>
  verifyContext(b, { rpcUrl: f.rpcUrl, ...opts });
const failed = (result: Awaited<ReturnType<typeof verifyContext>>) =>
  result.checks.filter((c) => !c.ok).map((c) => c.name);
const randomHash = () => keccak256(stringToBytes(`random ${Math.random()}`));

describe("verifyContext — tampering fails the right check, never throws", () => {
  const other = createContextSigner(ANVIL_DEV_KEYS[2]);
  const cases: [
    string,
    () => Promise<unknown> | unknown,
    string[],
    Partial<Parameters<typeof verifyContext>[1]>?,
  ][] = [
    [
      "changed context_data",
      () =>
        tamper(bundle, (b) => {
          (b.context.context_data ?? {}).steps = 4;
        }),
      ["canonical_context"],
    ],
    [
      "changed agent_id",
      () =>
        tamper(bundle, (b) => {
          b.context.agent_id = "planner-8";
        }),
      ["canonical_context"],
    ],
    [
      "metadata dropped (it defaults to {}, which was not what was hashed)",
      () =>
        tamper(bundle, (b) => {
          delete b.context.metadata;
        }),
      ["canonical_context"],
    ],
    [
      "context and canonical_context changed together",
      () =>
        tamper(bundle, (b) => {
          (b.context.context_data ?? {}).steps = 4;
          b.canonical_context = (b.canonical_context ?? "").replace('"steps":3', '"steps":4');
        }),
      ["hash_matches"],
    ],
    [
      "changed context_hash",
      () =>
        tamper(bundle, (b) => {
          b.context_hash = randomHash();
        }),
      ["hash_matches", "signature_valid", "merkle_proof"],
    ],
    [
      "a signature by another key",
      async () => {
        const sig = await other.sign(bundle.context_hash);
        return tamper(bundle, (b) => {
          b.signature = sig;
        });
      },
      ["signature_valid"],
    ],
    [
      "another signer_address",
      () =>
        tamper(bundle, (b) => {
          b.signer_address = other.address;
        }),
      // nor did that signer send the anchor
      ["signature_valid", "anchor_submitter"],
    ],
    [
      "a signature that recovers nothing",
      () =>
        tamper(bundle, (b) => {
          b.signature = `0x${"00".repeat(65)}`;
        }),
      ["signature_valid"],
    ],
    [
      "a signer the caller does not trust",
      () => bundle,
      ["signature_valid"],
      { expectedSigners: [other.address] },
    ],
    [
      "a proof element changed",
      () =>
        tamper(bundle, (b) => {
          b.merkle_proof[0] = randomHash();
        }),
      ["merkle_proof"],
    ],
    [
      "a proof element dropped",
      () =>
        tamper(bundle, (b) => {
          b.merkle_proof.pop();
        }),
      ["merkle_proof"],
    ],
    [
      "another leaf's proof",
      () =>
        tamper(bundle, (b) => {
          b.merkle_proof = [...(f.bundles[1] as ProofBundle).merkle_proof];
        }),
      ["merkle_proof"],
    ],
    [
      "another merkle_root",
      () =>
        tamper(bundle, (b) => {
          b.merkle_root = randomHash();
        }),
      ["merkle_proof", "anchored_log", "anchor_submitter"],
    ],
    [
      "an unknown transaction",
      () =>
        tamper(bundle, (b) => {
          b.transaction_hash = randomHash();
        }),
      ["transaction", "anchored_log", "anchor_submitter", "block", "confirmations"],
    ],
    [
      "the wrong transaction (the registry's deployment)",
      () =>
        tamper(bundle, (b) => {
          b.transaction_hash = f.deployTxHash;
        }),
      ["transaction", "anchored_log", "anchor_submitter", "block"],
    ],
    [
      "the wrong registry address",
      () =>
        tamper(bundle, (b) => {
          b.registry_address = "0x000000000000000000000000000000000000dEaD";
        }),
      ["transaction", "anchored_log", "anchor_submitter"],
    ],
    [
      "the wrong chain id",
      () =>
        tamper(bundle, (b) => {
          b.chain_id = 1;
        }),
      ["transaction"],
    ],
    [
      "the wrong block_number",
      () =>
        tamper(bundle, (b) => {
          b.block_number += 1;
        }),
      ["block"],
    ],
    [
      "not enough confirmations (bundle)",
      () =>
        tamper(bundle, (b) => {
          b.required_confirmations = 1000;
        }),
      ["confirmations"],
    ],
    ["not enough confirmations (option)", () => bundle, ["confirmations"], { requiredConfirmations: 1000 }],
    ["an untrusted submitter", () => bundle, ["anchor_submitter"], { trustedSubmitters: [other.address] }],
    [
      "an untrusted submitter (the deprecated expectedSubmitters)",
      () => bundle,
      ["anchor_submitter"],
      { expectedSubmitters: [other.address] },
    ],
    [
      "bad hex in context_hash",
      () =>
        tamper(bundle, (b) => {
          b.context_hash = "0xzz" as `0x${string}`;
        }),
      ["hash_matches", "signature_valid", "merkle_proof"],
    ],
    [
      "bad hex in transaction_hash",
      () =>
        tamper(bundle, (b) => {
          b.transaction_hash = "0x1234";
        }),
      ["transaction", "anchored_log", "anchor_submitter", "block", "confirmations"],
    ],
    [
      "an unknown canonicalization",
      () =>
        tamper(bundle, (b) => {
          b.canonicalization = "JSON.stringify" as "RFC8785";
        }),
      ["canonical_context"],
    ],
    [
      "a string where the proof array goes",
      () =>
        tamper(bundle, (b) => {
          b.merkle_proof = "0x00" as unknown as `0x${string}`[];
        }),
      ["merkle_proof"],
    ],
    [
      "nesting deep enough to overflow the stack",
      () => {
        let deep: unknown = 1;
        for (let i = 0; i < 200_000; i++) deep = [deep];
        return tamper(bundle, (b) => {
          b.context.context_data = { deep };
        });
      },
      ["canonical_context"],
    ],
  ];

  // Every row gets all four cells: jest reads a test function with more parameters than cells
  // as one that takes a `done` callback.
  const table = cases.map(([label, make, expected, opts]) => [label, expected, make, opts ?? {}] as const);
  it.each(table)("%s → fails %j", async (_label, expected, make, opts) => {
    const result = await verify(await make(), opts);
    expect(result.verified).toBe(false);
    expect(failed(result)).toEqual(expected);
    for (const check of result.checks.filter((c) => !c.ok)) expect(check.reason).toEqual(expect.any(String));
  });

  it.each([null, 42, "a string", [], {}])(
    "a bundle that is not one (%j) fails every check",
    async (value) => {
      const result = await verify(value);
      expect(result.verified).toBe(false);
      expect(failed(result)).toEqual([...CHECK_NAMES]);
      expect(result.confirmations).toBeNull();
      expect(result.block_number).toBeNull();
    },
  );

  it("a reverted anchor transaction fails the transaction check", async () => {
    const reverted = await f.anchor(`0x${"00".repeat(32)}`, 1); // ZeroRoot()
    expect(reverted.status).toBe("reverted");
    await f.mine(3);
    const result = await verify(
      tamper(bundle, (b) => {
        b.transaction_hash = reverted.hash;
        b.block_number = Number(reverted.blockNumber);
      }),
    );
    expect(failed(result)).toEqual(["transaction", "anchored_log", "anchor_submitter"]);
    expect(result.checks.find((c) => c.name === "transaction")?.reason).toMatch(/reverted/);
  });

  it("the bundle's root anchored by another account fails anchor_submitter only", async () => {
    // anyone may call anchor(root, count): a stranger anchors our root; a bundle pointing at that
    // transaction has every other link intact
    const theirs = await f.anchor(bundle.merkle_root, 5, STRANGER_KEY);
    await f.mine(3);
    const pointed = tamper(bundle, (b) => {
      b.transaction_hash = theirs.hash;
      b.block_number = Number(theirs.blockNumber);
    });
    const stranger = privateKeyToAccount(STRANGER_KEY).address;
    const result = await verify(pointed);
    expect(result.verified).toBe(false);
    expect(failed(result)).toEqual(["anchor_submitter"]);
    expect(result.checks.find((c) => c.name === "anchor_submitter")?.reason).toBe(
      `merkle_root was anchored by ${stranger}, not the bundle's anchor key or signer ${bundle.signer_address} (pass trustedSubmitters to trust another anchoring account)`,
    );
    // trusted explicitly, it passes; the genuine bundle passes by default
    expect((await verify(pointed, { trustedSubmitters: [stranger] })).verified).toBe(true);
    const genuine = await verify(bundle);
    expect(genuine.checks.find((c) => c.name === "anchor_submitter")).toMatchObject({
      ok: true,
      reason: `anchored by ${f.submitterAddress}, the bundle's anchor key`,
    });
  });
});
