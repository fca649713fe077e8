// The transparency log's storage (issue 43): the queue of chained contexts, their log indexes, the
// tiles, every signed checkpoint, the witnesses' cosignatures and the witness policy. The formats
// are @ctxlog/tlog's (packages/tlog).
export * from "./anchored-checkpoint";
export * from "./grow-tree";
export * from "./read-log";
export * from "./sequence-log";
export * from "./witness-cosignatures";
