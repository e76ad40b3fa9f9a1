import fs from 'node:fs';
import { promises as dns } from 'node:dns';
import type { Resolver } from 'mailauth';
import type { Config } from '../../platform/config.js';

/** What INBOUND_DNS_RECORDS holds: names, then record types, then their answers (TXT as text). */
type Records = Record<string, Record<string, (string | string[])[]>>;

const notFound = (name: string, code = 'ENOTFOUND') => Object.assign(new Error(`${code} ${name}`), { code, hostname: name });

/**
 * The DNS lookups the inbound mail checks make (DKIM keys, SPF and DMARC policies, ARC keys).
 * Production asks the system's resolvers, or INBOUND_DNS_SERVERS; INBOUND_DNS_RECORDS answers
 * from a file instead, every other name being unknown, so tests and offline development verify
 * real signatures against keys of their own without any network.
 */
export function mailResolver(config: Config): Resolver {
  if (config.inboundDnsRecords) {
    const file = config.inboundDnsRecords;
    return async (name, rrtype) => {
      // Read on each lookup, so a test can add its keys while the server runs.
      const records = JSON.parse(fs.readFileSync(file, 'utf8')) as Records;
      const entry = records[name.toLowerCase().replace(/\.$/, '')];
      const answers = entry?.[rrtype.toUpperCase()];
      if (!entry) throw notFound(name);
      if (!answers?.length) throw notFound(name, 'ENODATA');
      return rrtype.toUpperCase() === 'TXT' ? answers.map((a) => (Array.isArray(a) ? a : [a])) : answers;
    };
  }
  if (config.inboundDnsServers.length) {
    const resolver = new dns.Resolver({ timeout: 5000, tries: 2 });
    resolver.setServers(config.inboundDnsServers);
    return (name, rrtype) => resolver.resolve(name, rrtype);
  }
  return (name, rrtype) => dns.resolve(name, rrtype);
}
