/**
 * Forwarding addresses: `<token>@MAIL_DOMAIN`, where the token is the account's own random
 * secret (32 lower-case hex characters, `users.forwarding_token`), never derived from the id or
 * the name. It is looked up exactly; a reset draws a new one and the old address stops at once.
 */
const TOKEN = /^[0-9a-f]{32}$/;

export function forwardingAddress(token: string, mailDomain: string): string {
  return `${token}@${mailDomain.toLowerCase()}`;
}

/** The token an address at `mailDomain` names; null for any other address or shape. */
export function forwardingTokenOf(address: string, mailDomain: string): string | null {
  const at = address.lastIndexOf('@');
  if (
    at < 0 ||
    address
      .slice(at + 1)
      .trim()
      .toLowerCase() !== mailDomain.toLowerCase()
  )
    return null;
  // A "+tag" (sub-addressing) is ignored, as mail providers do.
  const local = address.slice(0, at).trim().toLowerCase().split('+')[0]!;
  return TOKEN.test(local) ? local : null;
}

/** One mailbox address compared as mail providers do: case-insensitive, a "+tag" ignored. */
export function sameMailbox(a: string | null | undefined, b: string | null | undefined): boolean {
  const norm = (s: string) => {
    const v = s.trim().toLowerCase();
    const at = v.lastIndexOf('@');
    return at < 0 ? v : `${v.slice(0, at).split('+')[0]}${v.slice(at)}`;
  };
  return !!a && !!b && norm(a) === norm(b);
}
