/**
 * Forwarding addresses: the user (the local part of their e-mail, letters and digits) and the
 * first 8 characters of their id, at MAIL_DOMAIN, e.g. `ada.lovelace.3f2a9c1e@mail.example.com`.
 * Only the id part identifies the account, so the address keeps working after an e-mail change;
 * who may send to it is checked separately (the account's own address only).
 */
const ID_PART = /^(?:[a-z0-9.]*\.)?([0-9a-f]{8})$/;

export function forwardingAddress(user: { id: string; email: string }, mailDomain: string): string {
  const name = user.email
    .split('@')[0]!
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, '')
    .replace(/^\.+|\.+$/g, '')
    .replace(/\.{2,}/g, '.')
    .slice(0, 40);
  return `${name ? `${name}.` : ''}${user.id.slice(0, 8).toLowerCase()}@${mailDomain.toLowerCase()}`;
}

/** The id prefix an address at `mailDomain` names; null for any other address. */
export function idPrefixOf(address: string, mailDomain: string): string | null {
  const at = address.lastIndexOf('@');
  if (at < 0 || address.slice(at + 1).toLowerCase() !== mailDomain.toLowerCase()) return null;
  // A "+tag" (sub-addressing) is ignored, as mail providers do.
  const local = address.slice(0, at).toLowerCase().split('+')[0]!;
  return ID_PART.exec(local)?.[1] ?? null;
}

/** The uuid range holding every id that starts with `prefix` (the primary key's index finds it). */
export function idRange(prefix: string): { gte: string; lte: string } {
  return { gte: `${prefix}-0000-0000-0000-000000000000`, lte: `${prefix}-ffff-ffff-ffff-ffffffffffff` };
}
