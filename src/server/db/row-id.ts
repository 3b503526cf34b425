const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Row ids are uuids: anything else names a row that does not exist, answered without a query (never a failed uuid cast). */
export function isRowId(id: string): boolean {
  return UUID.test(id);
}
