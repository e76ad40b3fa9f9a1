/** The trip workspace's own words where the specification has none (its catalogue is in ItineraryMessages). */
export const ItineraryText = {
  saveFailed: 'Failed to save changes. Please try again.',
  pendingAdded: (title: string) => `"${title}" was added to the trip as pending.`,
  added: (title: string) => `"${title}" was added to the itinerary.`,
  saved: (title: string) => `"${title}" was saved.`,
  /** Saved offline: it waits on the device (platform/offline/queue.ts). */
  keptOffline: (title: string) => `"${title}" is kept on this device and will be saved when you are back online.`,
  deleted: (title: string) => `"${title}" was deleted.`,
  booked: (title: string) => `"${title}" is booked.`,
  feedResetFailed: 'Could not reset the calendar link. Please try again.',
  feedReset: 'A new calendar link is ready; the old one no longer works.',
  copyFailed: 'Could not copy the link. Select it and copy it by hand.',
  recommendationsOff: 'Recommendations are not configured on this server, so none can be shown.',
  recommendationsEmpty: 'No places or articles were found near this trip.',
  recommendationsFailed: 'Recommendations could not be loaded right now.',
} as const;
