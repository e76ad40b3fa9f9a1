/**
 * zod builds fast parsers with `new Function` unless told not to, and the app's CSP refuses eval.
 * domain.ts imports this first: an object schema decides at its creation, so the setting must
 * come before any shared rule module declares one.
 */
import { config } from 'zod';

config({ jitless: true });
