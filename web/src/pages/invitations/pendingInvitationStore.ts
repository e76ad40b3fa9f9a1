/**
 * What the public invitation page keeps on this device (seed 001 §4): the invitation the visitor
 * chose to accept before having an account (read back after sign-up, e.g. to say which trip they
 * are joining), and the invitations they hid while signed out.
 */
export interface StoredPendingInvitation {
  invitationId: string;
  tripId: string;
  tripName: string;
  email: string;
  savedAt: string;
}

const PENDING_KEY = 'tripcrew.pendingInvitation';
const HIDDEN_KEY = 'tripcrew.hiddenInvitations';

function read<T>(key: string): T | null {
  try {
    const raw = window.localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown) {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or disabled: the page still works, it just does not remember
  }
}

export function rememberPendingInvitation(value: Omit<StoredPendingInvitation, 'savedAt'>) {
  write(PENDING_KEY, { ...value, savedAt: new Date().toISOString() });
}

export function readPendingInvitation(): StoredPendingInvitation | null {
  const value = read<StoredPendingInvitation>(PENDING_KEY);
  return value && typeof value.invitationId === 'string' ? value : null;
}

export function forgetPendingInvitation() {
  write(PENDING_KEY, null);
}

/** Invitation ids hidden per e-mail address (lower-cased). */
type Hidden = Record<string, string[]>;

export const hiddenInvitations = {
  read(email: string): Set<string> {
    return new Set(read<Hidden>(HIDDEN_KEY)?.[email.toLowerCase()] ?? []);
  },
  add(email: string, id: string): Set<string> {
    const all = read<Hidden>(HIDDEN_KEY) ?? {};
    const key = email.toLowerCase();
    all[key] = [...new Set([...(all[key] ?? []), id])];
    write(HIDDEN_KEY, all);
    return new Set(all[key]);
  },
  clear(email: string): Set<string> {
    const all = read<Hidden>(HIDDEN_KEY) ?? {};
    delete all[email.toLowerCase()];
    write(HIDDEN_KEY, all);
    return new Set();
  },
};
