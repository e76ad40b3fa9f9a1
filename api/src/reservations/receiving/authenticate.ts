import { authenticate, type AuthenticateResult } from 'mailauth';
import type { AppDeps } from '../../platform/context.js';
import { sameMailbox } from '../address.js';
import { mailResolver } from './dns.js';

/** Where a message came from, as far as SPF can tell: the sending server and its envelope. */
export interface Transmission {
  mailFrom: string | null;
  clientIp?: string;
  helo?: string;
}

export type SenderVerdict =
  { ok: true; from: string; via: 'dmarc' | 'aligned' | 'arc' | 'unchecked' } | { ok: false; temporary: boolean; from: string | null; why: string };

const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1).toLowerCase();
const within = (domain: string, parent: string) => domain === parent || domain.endsWith(`.${parent}`);

/**
 * Is this message really from the account's owner? Its From must be one of the account's
 * addresses, and that From's domain must pass DMARC: a DKIM signature of the From's domain (or
 * its organisation's) or SPF for it passing. A domain without a DMARC record is held to the same
 * alignment rather than waved through. Mail forwarded through a sealer named in
 * INBOUND_ARC_SEALERS counts when its valid ARC chain says DMARC passed for that domain.
 * INBOUND_MAIL_AUTH=off (development only) checks the From alone.
 */
export async function verifyOwnerSender(
  deps: AppDeps,
  raw: Buffer,
  sent: Transmission,
  ownerAddresses: string[],
  headerFrom: string | null,
): Promise<SenderVerdict> {
  const isOwner = (from: string | null | undefined) => !!from && ownerAddresses.some((a) => sameMailbox(a, from));
  if (deps.config.inboundMailAuth === 'off') {
    return isOwner(headerFrom) ? { ok: true, from: headerFrom!, via: 'unchecked' } : { ok: false, temporary: false, from: headerFrom, why: 'not the owner' };
  }
  let result: AuthenticateResult;
  try {
    result = await authenticate(raw, {
      sender: sent.mailFrom ?? undefined,
      ip: sent.clientIp,
      helo: sent.helo,
      mta: deps.config.mailDomain,
      resolver: mailResolver(deps.config),
      disableBimi: true,
    });
  } catch (err) {
    // DNS trouble comes back as a temperror result, not a throw: a throw is a message the
    // checks cannot read, which is no proof of anything.
    deps.logger.warn({ err }, 'inbound mail authentication could not read the message');
    return { ok: false, temporary: false, from: headerFrom, why: 'unreadable' };
  }
  const froms = result.dkim.headerFrom ?? [];
  // One From, the one DMARC judged (never the parser's idea of it).
  const from = froms.length === 1 ? froms[0]!.toLowerCase() : null;
  if (!from || !isOwner(from)) return { ok: false, temporary: false, from, why: 'not the owner' };
  const domain = domainOf(from);
  const dmarc = result.dmarc ? result.dmarc.status.result : 'none';
  if (dmarc === 'pass') return { ok: true, from, via: 'dmarc' };
  if (dmarc === 'none') {
    const dkimAligned = (result.dkim.results ?? []).some((r) => r.status.result === 'pass' && !!r.status.aligned);
    const spfAligned = !!result.spf && result.spf.status.result === 'pass' && result.spf.domain?.toLowerCase() === domain;
    if (dkimAligned || spfAligned) return { ok: true, from, via: 'aligned' };
  }
  if (trustedArc(result, domain, deps.config.inboundArcSealers)) return { ok: true, from, via: 'arc' };
  if (dmarc === 'temperror') return { ok: false, temporary: true, from, why: 'dmarc temperror' };
  return { ok: false, temporary: false, from, why: `dmarc ${dmarc}` };
}

/** A valid ARC chain, last sealed by a trusted sealer, whose recorded DMARC verdict for this domain passed. */
function trustedArc(result: AuthenticateResult, domain: string, sealers: string[]): boolean {
  const arc = result.arc;
  if (!arc || arc.status.result !== 'pass' || !sealers.length) return false;
  const sealer = (arc.signature && arc.signature.signingDomain?.toLowerCase()) || '';
  if (!sealer || !sealers.some((s) => within(sealer, s))) return false;
  const recorded = arc.authenticationResults?.dmarc;
  const judged = recorded?.header?.from?.toLowerCase();
  return recorded?.result === 'pass' && !!judged && within(domain, judged);
}
