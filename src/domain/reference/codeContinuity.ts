/**
 * History across a code change counts every event once. Upstream keeps an old code's rows and, for some
 * changes, copies them onto the new code as well (reported for 000022.SZ → 001872.SZ): a row of a former
 * code is kept only when the current code has no row with the same key (e.g. fiscal period and stage).
 */
export function countOnce<T>(
  rows: readonly T[],
  currentCode: string,
  codeOf: (row: T) => string,
  keyOf: (row: T) => string,
): T[] {
  const current = new Set(rows.filter((row) => codeOf(row) === currentCode).map(keyOf));
  return rows.filter((row) => codeOf(row) === currentCode || !current.has(keyOf(row)));
}
