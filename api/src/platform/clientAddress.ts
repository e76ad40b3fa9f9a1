/**
 * The caller's address for rate limits: the socket's peer, or, behind `trustedProxies` reverse
 * proxies, the X-Forwarded-For entry the outermost trusted proxy appended (counted from the
 * right). Entries further left come from the client itself and are never believed.
 */
export function clientAddress(socketAddress: string | undefined, forwardedFor: string | null | undefined, trustedProxies: number): string {
  if (trustedProxies > 0 && forwardedFor) {
    const hops = forwardedFor
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    const entry = hops[hops.length - trustedProxies] ?? hops[0];
    if (entry) return entry;
  }
  return socketAddress || 'local';
}
