// The JSON viewer's model, without React: node paths, which containers start open, search matches,
// sizes. Walks are iterative: a 64 KiB value can nest thousands of levels deep ("[[[[…"), deeper
// than a recursive walk's stack.

/** A node's place: a JSON Pointer (RFC 6901), "" for the whole value, "/items/0/name" below it. */
export type NodePath = string;
export type Container = Record<string, unknown> | unknown[];

/** How many children of an open container are drawn before a "show more" button. */
export const CHILDREN_PAGE = 100;
/** A value of at most this many nodes opens whole; a bigger one opens its first levels only. */
export const SMALL_VALUE_NODES = 400;
/** Containers above this depth (the root is 0) start open in a big value. */
export const BIG_VALUE_OPEN_DEPTH = 2;
/** Matches highlighted and opened at most: a one-letter search of a big value stays quick. */
export const MAX_MATCHES = 500;

export const isContainer = (value: unknown): value is Container =>
  typeof value === "object" && value !== null;

export function childPath(parent: NodePath, key: string | number): NodePath {
  return `${parent}/${String(key).replaceAll("~", "~0").replaceAll("/", "~1")}`;
}

/** A container's children: an array's by index, an object's by key, in order. */
export function entriesOf(value: Container): [string | number, unknown][] {
  return Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
}

interface Visit {
  path: NodePath;
  parent: NodePath | null;
  /** the key or index under its parent; null for the root */
  key: string | number | null;
  /** its place among its parent's children */
  index: number;
  value: unknown;
  depth: number;
}

/** Every node, depth first, in the order they are drawn; stops when `visit` returns false. */
export function walk(root: unknown, visit: (node: Visit) => boolean | undefined): void {
  const stack: Visit[] = [{ path: "", parent: null, key: null, index: 0, value: root, depth: 0 }];
  while (stack.length > 0) {
    const node = stack.pop() as Visit;
    if (visit(node) === false) return;
    if (!isContainer(node.value)) continue;
    const entries = entriesOf(node.value);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, value] = entries[i] as [string | number, unknown];
      stack.push({
        path: childPath(node.path, key),
        parent: node.path,
        key,
        index: i,
        value,
        depth: node.depth + 1,
      });
    }
  }
}

/** The containers open when the value is first shown: all of a small value, the first levels of a big one. */
export function initiallyOpen(root: unknown): Set<NodePath> {
  let nodes = 0;
  walk(root, () => ++nodes <= SMALL_VALUE_NODES);
  return openToLevel(root, nodes <= SMALL_VALUE_NODES ? Number.POSITIVE_INFINITY : BIG_VALUE_OPEN_DEPTH);
}

/** The containers shallower than `level`: 0 closes everything, 1 opens the root only, Infinity all. */
export function openToLevel(root: unknown, level: number): Set<NodePath> {
  const open = new Set<NodePath>();
  walk(root, (node) => {
    if (node.depth < level && isContainer(node.value)) open.add(node.path);
    return undefined;
  });
  return open;
}

/** How a key or a primitive value is drawn (and searched): as JSON. */
export const display = (value: unknown): string => JSON.stringify(value) ?? String(value);

export interface Matches {
  /** the nodes whose key or value holds the query, in drawn order (MAX_MATCHES at most) */
  paths: NodePath[];
  /** every match, also those past MAX_MATCHES */
  total: number;
  /** the containers holding a match, to open */
  containers: Set<NodePath>;
  /** per container, how many children must be drawn to show its matches */
  reach: Map<NodePath, number>;
}

/** The nodes whose object key or primitive value, drawn as JSON, holds `query` (any case). */
export function findMatches(root: unknown, query: string): Matches {
  const needle = query.toLowerCase();
  const parents = new Map<NodePath, { parent: NodePath | null; index: number }>();
  const paths: NodePath[] = [];
  let total = 0;
  walk(root, (node) => {
    parents.set(node.path, { parent: node.parent, index: node.index });
    const keyHit = typeof node.key === "string" && display(node.key).toLowerCase().includes(needle);
    const valueHit = !isContainer(node.value) && display(node.value).toLowerCase().includes(needle);
    if (keyHit || valueHit) {
      total++;
      if (paths.length < MAX_MATCHES) paths.push(node.path);
    }
    return undefined;
  });
  const containers = new Set<NodePath>();
  const reach = new Map<NodePath, number>();
  for (const path of paths) {
    let at = parents.get(path);
    while (at?.parent != null) {
      const parent: NodePath = at.parent;
      reach.set(parent, Math.max(reach.get(parent) ?? 0, at.index + 1));
      if (containers.has(parent)) break; // its ancestors were reached by an earlier match
      containers.add(parent);
      at = parents.get(parent);
    }
  }
  return { paths, total, containers, reach };
}

export interface TextPart {
  text: string;
  match: boolean;
  /** where it starts in the whole text (a stable React key) */
  at: number;
}

/** `text` cut around each occurrence of `query` (any case), the occurrences flagged. */
export function splitOnMatches(text: string, query: string): TextPart[] {
  if (!query) return [{ text, match: false, at: 0 }];
  const lower = text.toLowerCase();
  const needle = query.toLowerCase();
  const parts: TextPart[] = [];
  let from = 0;
  for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, at + needle.length)) {
    if (at > from) parts.push({ text: text.slice(from, at), match: false, at: from });
    parts.push({ text: text.slice(at, at + needle.length), match: true, at });
    from = at + needle.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), match: false, at: from });
  return parts;
}

/** The size of `text` in UTF-8, as it is stored and sent. */
export const byteLength = (text: string): number => new TextEncoder().encode(text).length;

const GROUPED = new Intl.NumberFormat("en-US");

/** "812 bytes", "63.9 KiB (65,432 bytes)". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? "byte" : "bytes"}`;
  const unit = bytes < 1024 * 1024 ? "KiB" : "MiB";
  const scaled = bytes / (unit === "KiB" ? 1024 : 1024 * 1024);
  return `${scaled.toFixed(1)} ${unit} (${GROUPED.format(bytes)} bytes)`;
}

/** A node's place in words for a button's name: "items[3].name"; the root is `rootName`. */
export function describePath(
  parentLabel: string | null,
  key: string | number | null,
  rootName: string,
): string {
  if (parentLabel === null || key === null) return rootName;
  const parent = parentLabel === rootName ? "" : parentLabel;
  if (typeof key === "number") return `${parent}[${key}]`;
  return parent ? `${parent}.${key}` : key;
}
