/**
 * Keys published with development tools and with this repository: anyone can sign with them, so a
 * service holding one outside development signs (and pays gas) for whoever else knows it.
 * `parseConfig` refuses them in every variable an app parses whose name ends in `_KEY`
 * (SIGNER_PRIVATE_KEY, SECRETS_ENCRYPTION_KEY, and any key variable added later) unless
 * `CTXLOG_DEV_MODE=true`, which `npm start`, the test harnesses and the benchmarks set.
 */
export const DEVELOPMENT_MODE_VARIABLE = "CTXLOG_DEV_MODE";

// anvil's and hardhat's default accounts (mnemonic "test test … junk", m/44'/60'/0'/0/0..9).
const ANVIL_ACCOUNT_KEYS = [
  "ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
  "59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
  "5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a",
  "7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6",
  "47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a",
  "8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba",
  "92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e",
  "4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356",
  "dbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97",
  "2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6",
];

/** value (normalized: trimmed, lower-case hex without 0x, or base64 as written) → where it is published */
export const WELL_KNOWN_DEVELOPMENT_KEYS: ReadonlyMap<string, string> = new Map([
  ...ANVIL_ACCOUNT_KEYS.map((key, i): [string, string] => [
    key,
    `anvil's published development account #${i}`,
  ]),
  ["ZGV2LW9ubHktc2VjcmV0cy1rZXktMzItYnl0ZXMtLSE=", "the development key of .env.example"],
  ["YmVuY2gtb25seS1zZWNyZXRzLWtleS0zMi1ieXRlcyE=", "the benchmarks' key (bench/lib.js)"],
  [
    "PRIVATE+KEY+localhost/ctxlog-dev-tlog+a89cbd3f+Adex8PSEptx8l714xKQjxsUkOvYmIeDPxrU+53EmBz7F",
    "the transparency log's development key of .env.example",
  ],
]);

const normalize = (value: string) => {
  const trimmed = value.trim();
  const hex = /^(0x)?([0-9a-fA-F]{64})$/.exec(trimmed);
  return hex?.[2] ? hex[2].toLowerCase() : trimmed;
};

/** Where `value` is published, when it is a well-known development key. */
export function describeDevelopmentKey(value: string): string | undefined {
  return WELL_KNOWN_DEVELOPMENT_KEYS.get(normalize(value));
}

/**
 * One line per variable of `names` ending in `_KEY` that holds a well-known development key, unless
 * the source sets CTXLOG_DEV_MODE to true/1. Each line names the variable and where its value is
 * published.
 */
export function developmentKeyProblems(source: NodeJS.ProcessEnv, names: Iterable<string>): string[] {
  const flag = source[DEVELOPMENT_MODE_VARIABLE];
  if (flag === "true" || flag === "1") return [];
  const problems: string[] = [];
  for (const name of names) {
    const value = source[name];
    if (!name.endsWith("_KEY") || typeof value !== "string") continue;
    const where = describeDevelopmentKey(value);
    if (where) {
      problems.push(
        `${name}: is ${where}, which anyone can use; set a key of your own (or ${DEVELOPMENT_MODE_VARIABLE}=true, in development only)`,
      );
    }
  }
  return problems;
}
