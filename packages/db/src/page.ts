/**
 * Keyset pagination, the same for every list: read one row more than the page, so whether another
 * page exists is known without a count, and the page's last row gives the position the next page
 * starts after (the API turns that position into the opaque cursor).
 */
export function pageOf<T, P>(
  rows: T[],
  limit: number,
  positionOf: (row: T) => P,
): { rows: T[]; next: P | null } {
  const hasMore = rows.length > limit;
  const page = hasMore ? rows.slice(0, limit) : rows;
  const last = page[page.length - 1];
  return { rows: page, next: hasMore && last !== undefined ? positionOf(last) : null };
}

export function toPage<T extends { id: string }>(
  rows: T[],
  limit: number,
): { rows: T[]; nextAfter: string | null } {
  const { rows: page, next } = pageOf(rows, limit, (row) => row.id);
  return { rows: page, nextAfter: next };
}
