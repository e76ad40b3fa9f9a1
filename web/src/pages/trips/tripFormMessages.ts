/** The trip form's own required-field messages (the server accepts undated trips from other clients). */
export const TripFormMessages = {
  destinationRequired: 'Please choose a destination.',
  startRequired: 'Please choose a start date.',
  endRequired: 'Please choose an end date.',
} as const;
