// The development chain of `npm start` and what `npm run reset` removes: anvil keeps its state in a
// git-ignored folder (DEV_CHAIN_DIR, default .dev-chain/) between runs, beside a note of the
// registry deployed on it, so a stop and a start with the same database find the same chain.
const { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } = require("node:fs");
const path = require("node:path");

const root = path.resolve(__dirname, "..", "..");

function devChainPaths() {
  const dir = path.resolve(root, process.env.DEV_CHAIN_DIR || ".dev-chain");
  return { dir, state: path.join(dir, "anvil-state.json"), note: path.join(dir, "chain.json") };
}

/** The registry recorded for the saved chain, or null when there is no saved chain. */
function readSavedChain() {
  const { state, note } = devChainPaths();
  if (!existsSync(state) || !existsSync(note)) return null;
  try {
    return JSON.parse(readFileSync(note, "utf8"));
  } catch {
    return null;
  }
}

function saveChainNote(facts) {
  const { dir, note } = devChainPaths();
  mkdirSync(dir, { recursive: true });
  writeFileSync(note, `${JSON.stringify(facts, null, 2)}\n`);
}

/** Removes the saved chain (state and note); true when there was one. */
function removeSavedChain() {
  const { dir } = devChainPaths();
  if (!existsSync(dir)) return false;
  rmSync(dir, { recursive: true, force: true });
  return true;
}

/**
 * The chain the database anchors on (table chain_identity: chainId, genesisHash, registryAddress),
 * and whether any anchor claims it (anchored); null when the database records none. Read through
 * @ctxlog/db's statement (its dist: built before `npm start` runs the apps).
 */
async function recordedChain(databaseUrl) {
  const { createDb, readChainClaim } = require(path.join(root, "packages", "db", "dist"));
  const db = createDb(databaseUrl, { poolSize: 1 });
  try {
    return await readChainClaim(db);
  } finally {
    await db.$disconnect();
  }
}

module.exports = { devChainPaths, readSavedChain, saveChainNote, removeSavedChain, recordedChain };
