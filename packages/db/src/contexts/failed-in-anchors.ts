/**
 * Rows with the anchor of the batch each failed in, the one batch a row itself names (its
 * anchor_id, written by the `fail` transition): `attachBatches` finds a confirmed row's batch and
 * a pending one's in flight, and keeps this one. One read of anchors, only when some row failed.
 */
export async function withFailedInAnchors<R extends { anchorId: string | null }, A extends { id: string }>(
  rows: R[],
  readAnchors: (ids: string[]) => Promise<A[]>,
): Promise<(R & { anchor: A | null })[]> {
  const ids = [...new Set(rows.flatMap((r) => (r.anchorId === null ? [] : [r.anchorId])))];
  const anchors = new Map((ids.length === 0 ? [] : await readAnchors(ids)).map((a) => [a.id, a]));
  return rows.map((r) => ({ ...r, anchor: r.anchorId === null ? null : (anchors.get(r.anchorId) ?? null) }));
}
