/** Code-unit string order, the same on every machine (localeCompare depends on the ICU data). */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
