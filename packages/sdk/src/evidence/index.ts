export { blockHash } from "./block-header";
export { checkCanonicalBlocks } from "./canonical-blocks";
export { MANIFEST_TYPES, manifestHash, manifestTypedData } from "./manifest";
export { describeFailure, PACK_CHECKS, type PackCheck, type PackFailure } from "./pack-failure";
export * from "./pack-format";
export { PackUnreadableError } from "./pack-unreadable";
export { readPackZip } from "./read-zip";
export { encodeReceipt, orderedTrieRoot, receiptsRoot } from "./receipts-trie";
export { type VerifyPackOptions, type VerifyPackResult, verifyPack } from "./verify-pack";
