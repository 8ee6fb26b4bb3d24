/** Groups items by a key, keys sorted code unit by code unit (so output built from the groups is in a fixed order). */
export function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const value = key(item);
    const list = groups.get(value) ?? [];
    list.push(item);
    groups.set(value, list);
  }
  return new Map([...groups].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
