/** Items grouped by a key, each group in the items' order (e.g. rows by `ts_code`), each item as `valueOf` makes it. */
export function groupBy<T, V = T>(
  items: Iterable<T>,
  keyOf: (item: T) => string,
  valueOf: (item: T) => V = (item) => item as unknown as V,
): Map<string, V[]> {
  const groups = new Map<string, V[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(valueOf(item));
    else groups.set(key, [valueOf(item)]);
  }
  return groups;
}
