import { toHex } from "viem";
import { mnemonicToAccount } from "viem/accounts";
import { z } from "zod";
import { ConfigError, parseConfig } from "./config";
import { describeDevelopmentKey, developmentKeyProblems } from "./development-keys";

const ANVIL_MNEMONIC = "test test test test test test test test test test test junk";
const OWN_KEY = `0x${"11".repeat(32)}`;

const schema = z.object({
  SIGNER_PRIVATE_KEY: z.string(),
  ATTESTATION_PRIVATE_KEY: z.string().optional(),
  SECRETS_ENCRYPTION_KEY: z.string().optional(),
});

describe("well-known development keys", () => {
  it("knows anvil's ten default accounts, with or without 0x, in any case", () => {
    for (let i = 0; i < 10; i++) {
      const privateKey = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: i }).getHdKey().privateKey;
      if (!privateKey) throw new Error("no private key derived");
      const key = toHex(privateKey);
      expect(describeDevelopmentKey(key)).toBe(`anvil's published development account #${i}`);
      expect(describeDevelopmentKey(key.slice(2).toUpperCase())).toBeDefined();
    }
    expect(describeDevelopmentKey(OWN_KEY)).toBeUndefined();
  });

  it("knows the .env.example secrets key", () => {
    expect(describeDevelopmentKey("ZGV2LW9ubHktc2VjcmV0cy1rZXktMzItYnl0ZXMtLSE=")).toMatch(/\.env\.example/);
  });

  it("checks only *_KEY variables, and none with CTXLOG_DEV_MODE=true", () => {
    const anvil0 = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
    expect(developmentKeyProblems({ SOME_VALUE: anvil0 }, ["SOME_VALUE"])).toEqual([]);
    expect(developmentKeyProblems({ X_KEY: anvil0, CTXLOG_DEV_MODE: "true" }, ["X_KEY"])).toEqual([]);
    expect(developmentKeyProblems({ X_KEY: anvil0, CTXLOG_DEV_MODE: "false" }, ["X_KEY"])).toHaveLength(1);
  });
});

describe("parseConfig refuses well-known development keys outside development", () => {
  const anvil1 = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";

  it("names every variable holding one, whatever its name, with the other problems", () => {
    const run = () =>
      parseConfig(
        schema,
        {
          SIGNER_PRIVATE_KEY: OWN_KEY,
          ATTESTATION_PRIVATE_KEY: anvil1,
          SECRETS_ENCRYPTION_KEY: "ZGV2LW9ubHktc2VjcmV0cy1rZXktMzItYnl0ZXMtLSE=",
        },
        "the app",
      );
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(
      /ATTESTATION_PRIVATE_KEY: is anvil's published development account #1, which anyone can use; set a key of your own \(or CTXLOG_DEV_MODE=true, in development only\)\n {2}SECRETS_ENCRYPTION_KEY: is the development key of \.env\.example/,
    );
    expect(run).not.toThrow(/SIGNER_PRIVATE_KEY/);
  });

  it("accepts them with CTXLOG_DEV_MODE=true (or 1)", () => {
    for (const flag of ["true", "1"]) {
      expect(parseConfig(schema, { SIGNER_PRIVATE_KEY: anvil1, CTXLOG_DEV_MODE: flag }, "t")).toEqual({
        SIGNER_PRIVATE_KEY: anvil1,
      });
    }
  });

  it("refuses a CTXLOG_DEV_MODE that is not a flag", () => {
    expect(() => parseConfig(schema, { SIGNER_PRIVATE_KEY: OWN_KEY, CTXLOG_DEV_MODE: "yes" }, "t")).toThrow(
      /CTXLOG_DEV_MODE: expected true, false, 1 or 0/,
    );
  });
});
