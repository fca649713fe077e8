import { hashMessage, keccak256, recoverAddress, toBytes, toHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import {
  createContextSigner,
  recoverContextSigner,
  signContextHash,
  signerAddress,
  verifyContextSignature,
} from "./signing";

// Anvil's well-known first dev account — public test material, never a real secret.
const PRIVATE_KEY = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80" as const;
const ADDRESS = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const HASH = keccak256(toHex("context"));

describe("context signatures", () => {
  it("derives the published signer address", () => {
    expect(signerAddress(PRIVATE_KEY)).toBe(ADDRESS);
    expect(createContextSigner(PRIVATE_KEY).address).toBe(ADDRESS);
  });

  it("round-trips: recovery returns the signer", async () => {
    const signature = await signContextHash(HASH, PRIVATE_KEY);
    expect(signature).toMatch(/^0x[0-9a-f]{130}$/);
    await expect(recoverContextSigner(HASH, signature)).resolves.toBe(ADDRESS);
    await expect(verifyContextSignature(HASH, signature, ADDRESS)).resolves.toBe(true);
  });

  it("is EIP-191 over the 32 raw bytes, not over the hex text", async () => {
    const signature = await signContextHash(HASH, PRIVATE_KEY);
    // Independent recovery: "\x19Ethereum Signed Message:\n32" ‖ hash, hashed, then ecrecover.
    const prefixed = new Uint8Array([...toBytes("\x19Ethereum Signed Message:\n32"), ...toBytes(HASH)]);
    expect(hashMessage({ raw: HASH })).toBe(keccak256(prefixed));
    await expect(recoverAddress({ hash: keccak256(prefixed), signature })).resolves.toBe(ADDRESS);
    // Signing the 66-character string instead would be a different message.
    await expect(recoverAddress({ hash: hashMessage(HASH), signature })).resolves.not.toBe(ADDRESS);
  });

  it("is deterministic (RFC 6979), so the same context always carries the same signature", async () => {
    const signer = createContextSigner(PRIVATE_KEY);
    expect(await signer.sign(HASH)).toBe(await signer.sign(HASH));
    expect(await signer.sign(HASH)).toBe(await signContextHash(HASH, PRIVATE_KEY));
  });

  it("does not recover the signer for a changed hash", async () => {
    const signature = await signContextHash(HASH, PRIVATE_KEY);
    const other = keccak256(toHex("context!"));
    await expect(recoverContextSigner(other, signature)).resolves.not.toBe(ADDRESS);
    await expect(verifyContextSignature(other, signature, ADDRESS)).resolves.toBe(false);
  });

  it("refuses to sign or recover anything but a 32-byte hash", async () => {
    const signer = createContextSigner(PRIVATE_KEY);
    for (const bad of ["0x1234", `${HASH}00`, HASH.slice(0, 65), `0x${"g".repeat(64)}`, HASH.slice(2)]) {
      expect(() => signer.sign(bad as `0x${string}`)).toThrow(TypeError);
    }
    const signature = await signer.sign(HASH);
    expect(() => recoverContextSigner("0x1234", signature)).toThrow(TypeError);
  });

  it("answers false, not an exception, for a garbage signature", async () => {
    await expect(verifyContextSignature(HASH, "0xdeadbeef", ADDRESS)).resolves.toBe(false);
    await expect(verifyContextSignature(HASH, `0x${"00".repeat(65)}`, ADDRESS)).resolves.toBe(false);
  });

  it("matches viem's own EIP-191 signatures byte for byte", async () => {
    const signer = createContextSigner(PRIVATE_KEY);
    const account = privateKeyToAccount(PRIVATE_KEY);
    for (let i = 0; i < 64; i++) {
      const hash = keccak256(toHex(`context ${i}`));
      expect(await signer.sign(hash)).toBe(await account.signMessage({ message: { raw: hash } }));
    }
  });

  it("signs typed data exactly as viem's account does (EIP-712)", async () => {
    const signer = createContextSigner(PRIVATE_KEY);
    const account = privateKeyToAccount(PRIVATE_KEY);
    const types = {
      Pack: [
        { name: "files", type: "bytes32" },
        { name: "count", type: "uint64" },
      ],
    } as const;
    for (let i = 0; i < 16; i++) {
      const data = {
        domain: { name: "ctxlog", version: "1", chainId: 31337 },
        types,
        primaryType: "Pack" as const,
        message: { files: keccak256(toHex(`pack ${i}`)), count: BigInt(i) },
      };
      expect(signer.signTypedData(data)).toBe(await account.signTypedData(data));
    }
  });
});
