/** A valid agent_id: starts with a letter or digit, then up to 127 of [A-Za-z0-9._:@/-]. */
export const AGENT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:@/-]{0,127}$/;

// Same alphabet plus "*". A pattern starting with any other character could never match an
// agent_id, so it is refused as a likely typo rather than stored as a silent no-op.
const AGENT_PATTERN_SYNTAX = /^[A-Za-z0-9*][A-Za-z0-9._:@/*-]{0,127}$/;

export function isValidAgentId(agentId: unknown): agentId is string {
  return typeof agentId === "string" && AGENT_ID_PATTERN.test(agentId);
}

/**
 * Restricted-key patterns: the agent_id alphabet plus "*", which matches any run of characters,
 * including none and including "/" (so `team/*` covers `team/a/b`). Nothing else is special: "."
 * and the rest are literals.
 */
export function isValidAgentPattern(pattern: unknown): pattern is string {
  return typeof pattern === "string" && AGENT_PATTERN_SYNTAX.test(pattern);
}

/** True when `agentId` is valid and matched by at least one valid pattern; invalid patterns match nothing. */
export function agentMatches(agentId: string, patterns: readonly string[]): boolean {
  if (!isValidAgentId(agentId)) return false;
  return patterns.some((pattern) => isValidAgentPattern(pattern) && globMatch(pattern, agentId));
}

/**
 * Glob match with "*" as the only wildcard, without building a RegExp from user input and without
 * backtracking: the pieces between stars must appear in order, and taking each piece at its
 * leftmost position is always safe (a later match only leaves less room for the rest). So each
 * piece is searched once — O(len(text) × len(pattern)) at worst, bounded by 128 × 128.
 */
export function globMatch(pattern: string, text: string): boolean {
  const pieces = pattern.split("*");
  if (pieces.length === 1) return pattern === text;

  const head = pieces[0] as string;
  const tail = pieces[pieces.length - 1] as string;
  if (text.length < head.length + tail.length) return false;
  if (!text.startsWith(head) || !text.endsWith(tail)) return false;

  // Middle pieces must fit between the head and the tail without overlapping either.
  let from = head.length;
  const end = text.length - tail.length;
  for (let i = 1; i < pieces.length - 1; i++) {
    const piece = pieces[i] as string;
    if (piece === "") continue;
    const at = text.indexOf(piece, from);
    if (at === -1 || at + piece.length > end) return false;
    from = at + piece.length;
  }
  return true;
}
