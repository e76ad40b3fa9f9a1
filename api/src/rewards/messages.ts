/** What the rewards domain says to people; shared with the web's wallet form through `platform/domain.ts`. */
export const RewardsMessages = {
  unknownProgram: 'Choose a card or programme from the list.',
  noCardNumbers: 'Enter names only, never card or membership numbers.',
  statusTooLong: 'The status is at most 40 characters.',
  unknownStatus: 'Choose one of the programme’s own status levels.',
  tooManyPrograms: 'A wallet holds at most 40 cards and programmes.',
  overrideInvalid: 'This change would make the catalogue invalid.',
  programNotFound: 'No such programme in the catalogue.',
} as const;

export const WALLET_LIMITS = { programs: 40, status: 40 } as const;
