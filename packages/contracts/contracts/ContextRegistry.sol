// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title ContextRegistry
/// @notice Anchors the Merkle root of a batch of ctxlog contexts on chain.
/// @dev The `Anchored` event is the anchor: a verifier takes the transaction hash from a proof
///      bundle, reads its receipt, and checks that the log was emitted by this contract's address,
///      that `root` matches the recomputed Merkle root and that `submitter` is the published signer.
///      Nothing is written to storage: a fresh `mapping(bytes32 => ...)` slot would cost 22,100 gas
///      per anchor (about as much as the rest of the transaction) and add nothing a verifier needs,
///      since the log is part of the receipt and, like storage, is covered by the block's consensus.
///      Anyone may call `anchor`; the indexed `submitter` (msg.sender) is what binds a root to ctxlog.
contract ContextRegistry {
    /// @notice A batch of `count` contexts with Merkle root `root` was anchored by `submitter`.
    event Anchored(bytes32 indexed root, uint32 count, address indexed submitter);

    /// @notice `root` was zero: never the root of a real batch.
    error ZeroRoot();

    /// @notice `count` was zero: a batch has at least one context.
    error ZeroCount();

    /// @notice Anchors `root`, the Merkle root (sorted-pair keccak256) of `count` context hashes.
    function anchor(bytes32 root, uint32 count) external {
        if (root == bytes32(0)) revert ZeroRoot();
        if (count == 0) revert ZeroCount();
        emit Anchored(root, count, msg.sender);
    }
}
