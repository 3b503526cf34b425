// U+0000, or a UTF-16 surrogate without its partner: PostgreSQL stores neither in a text value.
// eslint-disable-next-line no-control-regex -- U+0000 is exactly what this looks for.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when PostgreSQL cannot store the string as text. */
export function hasUnstorableText(value: string): boolean {
  return UNSTORABLE.test(value);
}
