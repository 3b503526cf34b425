// Tables keyed by code, written once: the codes, their texts and whatever else each code carries. Zod-free,
// like the *-texts modules that use them.

/** A table's keys in the order written, as a non-empty tuple of its codes (what z.enum takes). */
export function codesOf<T extends object>(table: T): readonly [keyof T & string, ...(keyof T & string)[]] {
  return Object.keys(table) as [keyof T & string, ...(keyof T & string)[]];
}

/** Each row of a table made into one value, under the same code and in the same order. */
export function mapRows<T extends object, V>(table: T, value: (row: T[keyof T & string]) => V): Record<keyof T & string, V> {
  return Object.fromEntries(codesOf(table).map((code) => [code, value(table[code])])) as Record<keyof T & string, V>;
}

/**
 * A closed vocabulary as code → Indonesian text: the codes (what z.enum, option lists and loops take) are
 * the keys in the order written, so no code can lack its text or be listed twice.
 */
export function labelledCodes<L extends Record<string, string>>(labels: L): [codes: ReturnType<typeof codesOf<L>>, labels: L] {
  return [codesOf(labels), labels];
}
