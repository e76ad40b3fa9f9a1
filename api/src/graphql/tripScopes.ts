import type { RequestContext } from '../platform/context.js';

/**
 * The trip scopes' checks (tripMember, tripOwner). The builder is a kit below the domains, so it
 * does not import the trip rules: the trips domain hands them over here when its GraphQL module
 * loads (trips/graphql.ts), which the schema does before any request runs.
 */
export interface TripScopeChecks {
  isTripMember(ctx: RequestContext, tripId: string): boolean | Promise<boolean>;
  isTripOwner(ctx: RequestContext, tripId: string): boolean | Promise<boolean>;
}

let checks: TripScopeChecks | null = null;

export function provideTripScopeChecks(given: TripScopeChecks): void {
  checks = given;
}

export function tripScopeChecks(): TripScopeChecks {
  if (!checks) throw new Error('The trip scopes were used before trips/graphql.ts provided their checks.');
  return checks;
}
