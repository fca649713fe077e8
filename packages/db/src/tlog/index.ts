// The transparency log's storage (issue 43): the queue of chained contexts, their log indexes, the
// tiles and every signed checkpoint. The formats are @ctxlog/core's (packages/core/src/tlog).

export * from "./grow-tree";
export * from "./read-log";
export * from "./sequence-log";
