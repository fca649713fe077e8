import { randomBytes } from "node:crypto";
import { type Hex, keccak256 } from "viem";
import { generatePrivateKey } from "viem/accounts";
import { createContextSigner, recoverContextSigner } from "../signing";
import { recoverContextSignerFast } from "./recover";

const outcome = (p: Promise<string>) =>
  p.then(
    (a) => a,
    () => "throws",
  );

describe("recoverContextSignerFast", () => {
  it("recovers exactly what viem recovers, for many keys and hashes", async () => {
    for (let i = 0; i < 25; i++) {
      const signer = createContextSigner(generatePrivateKey());
      const hash = keccak256(randomBytes(32));
      const signature = await signer.sign(hash);
      const fast = await recoverContextSignerFast(hash, signature);
      expect(fast).toBe(signer.address);
      expect(fast).toBe(await recoverContextSigner(hash, signature));
    }
  });

  it("agrees with viem on tampered and malformed signatures (same address, or both throw)", async () => {
    const signer = createContextSigner(generatePrivateKey());
    const hash = keccak256(randomBytes(32));
    const good = await signer.sign(hash);
    const flip = (sig: Hex, at: number) =>
      `${sig.slice(0, at)}${sig[at] === "0" ? "1" : "0"}${sig.slice(at + 1)}` as Hex;
    const cases: Hex[] = [
      flip(good, 10), // r changed
      flip(good, 80), // s changed
      `${good.slice(0, 130)}1b` as Hex, // v forced to 27
      `${good.slice(0, 130)}1c` as Hex, // v forced to 28
      `${good.slice(0, 130)}00` as Hex, // v as 0
      `${good.slice(0, 130)}05` as Hex, // bad v
      `0x${"00".repeat(65)}` as Hex, // r = s = 0
      `0x${"ff".repeat(64)}1b` as Hex, // r, s ≥ n
      good.slice(0, 100) as Hex, // truncated
    ];
    for (const sig of cases) {
      const fast = await outcome(recoverContextSignerFast(hash, sig));
      const viem = await outcome(recoverContextSigner(hash, sig));
      if (fast !== viem) throw new Error(`${sig}: fast ${fast}, viem ${viem}`);
    }
  });
});
