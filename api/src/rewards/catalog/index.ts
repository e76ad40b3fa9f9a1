import { CARDS } from './cards.js';
import { AIRLINE_PROGRAMS, HOTEL_PROGRAMS } from './programmes.js';
import { CatalogSchema, type Catalog } from './schema.js';

/**
 * The shipped rewards catalogue, checked by its schema as it loads (a broken entry stops the
 * process at start-up, and fails `tests/unit/rewards-catalog.test.ts`). Administrators' stored
 * overrides are laid over it by `rewards/service.ts`.
 */
export const SHIPPED_CATALOG_INPUT = {
  version: '2026.11.1',
  date: '2026-11-28',
  // Rough, rounded market rates of late 2025, used only to turn dollar-valued benefits and
  // points into a trip's currency; never for money that is owed.
  unitsPerUsd: { USD: 1, EUR: 0.92, GBP: 0.79, CAD: 1.38, AUD: 1.52, INR: 85, MXN: 18.5 },
  programs: [...CARDS, ...AIRLINE_PROGRAMS, ...HOTEL_PROGRAMS],
};

export const SHIPPED_CATALOG: Catalog = CatalogSchema.parse(SHIPPED_CATALOG_INPUT);
