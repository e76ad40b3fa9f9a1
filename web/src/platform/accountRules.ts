/**
 * The account choices, messages and field rules of the API (sign-up, sign-in, password and
 * verification pages) on their own. ./domain.ts re-exports them with every other domain's
 * messages; the public account pages import this module instead, so they do not load the
 * trip, checklist and console messages of that shared chunk (/signup's 150 KB budget).
 */
export * from '../../../api/src/accounts/preferences';
export { AccountMessages } from '../../../api/src/accounts/messages';
export * from '../../../api/src/accounts/accountFields';
