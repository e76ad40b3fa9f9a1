import { RewardsMessages as M, WALLET_LIMITS } from './messages.js';

/**
 * The wallet's field rules, browser-safe (shared with the web's wallet form through
 * `web/src/platform/domain.ts`): names only. A status or any free text that looks like a card or
 * membership number (four digits or more, spaces and dashes aside) is refused.
 */
export const looksLikeNumber = (text: string): boolean => /\d{4,}/.test(text.replace(/[\s-]/g, '')) || (text.match(/\d/g)?.length ?? 0) > 6;

export interface WalletStatusProblem {
  field: 'status';
  message: string;
}

/** Every problem of one entry's status, as the service and the form report them. */
export function walletStatusProblems(status: string | null | undefined, known: readonly string[]): WalletStatusProblem[] {
  const s = status?.trim() ?? '';
  if (!s) return [];
  if (looksLikeNumber(s)) return [{ field: 'status', message: M.noCardNumbers }];
  if (s.length > WALLET_LIMITS.status) return [{ field: 'status', message: M.statusTooLong }];
  if (known.length && !known.some((k) => k.toLowerCase() === s.toLowerCase())) return [{ field: 'status', message: M.unknownStatus }];
  return [];
}
