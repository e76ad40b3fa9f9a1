/**
 * Relay's global ids, as the API writes them (Pothos' relay plugin): "<Type>:<own id>" in
 * base64. Pages address records by their own ids (/dashboard/trips/{uuid}, REST rows, the
 * console's short ids) and hand Relay the global one.
 */

/** The global id of the `type` record whose own id is `id`. */
export const nodeId = (type: string, id: string) => btoa(`${type}:${id}`);

/**
 * The record's own id from its global id: of any type, or only of `type` when it is named. A
 * value that is not such a global id comes back as it is (it may already be an own id).
 */
export function ownId(globalId: string, type?: string): string {
  let decoded: string;
  try {
    decoded = atob(globalId);
  } catch {
    return globalId;
  }
  const colon = decoded.indexOf(':');
  if (colon < 1 || (type !== undefined && decoded.slice(0, colon) !== type)) return globalId;
  return decoded.slice(colon + 1);
}
