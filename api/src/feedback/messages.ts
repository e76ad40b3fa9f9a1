/** The feedback survey's choices and words (shared with the web app through platform/domain.ts). */
export const TRIP_FREQUENCIES = ['once', 'twothree', 'monthly', 'rarely'] as const;
export const DESIGN_IMPRESSIONS = ['modern', 'decent', 'confusing', 'needs_improvement'] as const;
export const WOULD_USE = ['yes', 'maybe', 'no'] as const;
export const RATING = { min: 1, max: 5, initial: 3 } as const;
export const FEEDBACK_TEXT_MAX = 2000;

export const FeedbackMessages = {
  thanks: 'Thanks for your feedback!',
  failed: 'Could not submit feedback. Please try again.',
  rating: `Choose a rating from ${RATING.min} to ${RATING.max}.`,
  choice: 'Choose one of the options.',
  tooLong: `Must be at most ${FEEDBACK_TEXT_MAX} characters.`,
  email: 'Enter a valid e-mail address.',
  tooMany: 'Too many submissions. Please try again in a minute.',
} as const;

export const WaitlistMessages = {
  joined: "You're on the list! We'll e-mail you when Mapped launches.",
  already: "You're already on the list. We'll e-mail you when Mapped launches.",
  emailRequired: 'Enter your e-mail address.',
  email: 'Enter a valid e-mail address.',
  failed: 'Could not join the waitlist. Please try again.',
} as const;
