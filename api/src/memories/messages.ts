/** User-facing words of Travel Wrapped and Mapped (browser-safe, shared with the web app). */
export const MemoriesMessages = {
  onlyTraveller: 'Only the traveller can see their Wrapped and Mapped.',
  invalidYear: 'Choose a year between 2000 and 2100.',
  invalidCountry: 'Choose a country from the list.',
  invalidFormat: 'The image format is story or preview.',
  noTrips: (year: number) => `No trips in ${year} yet. Every journey starts somewhere: plan one and it will show up here.`,
  shareMade: 'Public link made: anyone with it can see this Wrapped.',
  shareRevoked: 'Public link revoked: it no longer opens.',
} as const;

export const WRAPPED_YEARS = { min: 2000, max: 2100 } as const;
