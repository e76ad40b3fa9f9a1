/**
 * How many items the trip page asks for: the whole plan (the API's maximum page). Passed as a
 * query variable, as Relay passes page sizes (routes.tsx imports this file: it imports nothing,
 * so no Relay code reaches the public pages' chunks).
 */
export const ITINERARY_PAGE = 500;
