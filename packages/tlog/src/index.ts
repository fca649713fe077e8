// The transparency log's formats (issue 43): RFC 6962 hashing and proofs, C2SP tlog-tiles,
// signed-note, tlog-checkpoint and tlog-cosignature, and the witness policy. Pure: no I/O, no
// SQL; the storage layer gives hashes and tiles through HashAt and readTile.
export {
  type AnchoredLog,
  anchoredLogChecks,
  failedLogChecks,
  LOG_CHECK_NAMES,
  type LogCheck,
  type LogCheckName,
  type LogCheckWording,
  logInclusionCheck,
} from "./bundle-log-checks";
export { type Checkpoint, formatCheckpoint, MAX_CHECKPOINT_EXTENSIONS, parseCheckpoint } from "./checkpoint";
export { decodeEntryBundle, encodeEntryBundle, MAX_ENTRY_SIZE } from "./entry-bundles";
export { isTlogError, TLOG_ERROR_REASONS, TlogError, type TlogErrorReason } from "./errors";
export { MemoryTree } from "./memory-tree";
export {
  ed25519Sign,
  ed25519Verify,
  formatSignerKey,
  formatVerifierKey,
  generateNoteKey,
  isValidKeyName,
  keyId as noteKeyId,
  type NoteSignerKey,
  type NoteVerifierKey,
  parseSignerKey,
  parseVerifierKey,
  SIGNATURE_TYPE,
  type SignatureType,
  signerKeyFromSeed,
} from "./note-keys";
export {
  cosignatureTimestamp,
  cosignedMessage,
  MAX_COSIGNATURE_TIMESTAMP,
  type NoteSigner,
  type NoteVerifier,
  noteSigner,
  noteVerifier,
} from "./note-verifiers";
export { type OpenedCheckpoint, openCheckpoint } from "./open-checkpoint";
export { type OpenedNote, openNote, signNote } from "./open-note";
export {
  consistencyProofRanges,
  inclusionProofRanges,
  type LeafRange,
  nodesForRanges,
  proveConsistency,
  proveInclusion,
} from "./prove";
export {
  emptyTreeHash,
  foldRange,
  HASH_SIZE,
  type HashAt,
  leafHash,
  nodeHash,
  rangeHash,
  rangeNodes,
  type TreeNode,
  treeHash,
} from "./rfc6962";
export {
  checkNoteText,
  DEFAULT_NOTE_LIMITS,
  formatSignedNote,
  type NoteLimits,
  type NoteSignature,
  parseSignedNote,
  type SignedNote,
  signatureLine,
} from "./signed-note";
export {
  type EntryBundle,
  encodeTileIndex,
  entryBundlePath,
  MAX_TILE_LEVEL,
  parseTilePath,
  TILE_HEIGHT,
  TILE_WIDTH,
  type Tile,
  type TilePath,
  tilePath,
} from "./tile-paths";
export {
  buildTile,
  hashAtFromTiles,
  newTiles,
  partialTiles,
  tileForNode,
  tileHashes,
  tilesForNodes,
  tileWidth,
} from "./tiles";
export {
  MAX_PROOF_HASHES,
  rootFromInclusionProof,
  verifyConsistency,
  verifyInclusion,
} from "./verify-proofs";
export {
  checkWitnessPolicy,
  recordedWitnessPolicy,
  type WitnessPolicy,
  type WitnessPolicyResult,
  witnessPolicy,
  witnessVerifiers,
} from "./witness-policy";
