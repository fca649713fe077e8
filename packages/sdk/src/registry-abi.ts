// The one fragment of ContextRegistry a verifier needs, copied from packages/contracts (the SDK
// must not depend on server packages). registry-abi.test.ts checks it still equals the artifact's.

/** `event Anchored(bytes32 indexed root, uint32 count, address indexed submitter)` */
export const anchoredEventAbi = [
  {
    anonymous: false,
    inputs: [
      { indexed: true, internalType: "bytes32", name: "root", type: "bytes32" },
      { indexed: false, internalType: "uint32", name: "count", type: "uint32" },
      { indexed: true, internalType: "address", name: "submitter", type: "address" },
    ],
    name: "Anchored",
    type: "event",
  },
] as const;
