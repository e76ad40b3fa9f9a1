/**
 * The API's shared rule modules that need zod or luxon (~50 KB gzip together). Kept apart from
 * ./domain.ts so the pages that only show messages (the landing page, sign-in) never load them;
 * the first-paint journey holds the landing page to its JavaScript budget.
 */
import './zodConfig';

export { budgetTooLarge, checkBudget, largestBudget, budgetDecimals } from '../../../api/src/trips/budgetRule';
export * from './timeZones';
export { itineraryItemProblems } from '../../../api/src/itinerary/validation';
export { answersFromDays, checkPoll, ideaProblems, isPollOpen, optionScore, proposeRanges, rangeLabel, rankOptions } from '../../../api/src/decisions/rules';
export { problemsOf } from '../../../api/src/platform/validation';
export { validateTrip } from '../../../api/src/trips/validation';
export { validateChecklist, validateChecklistItem } from '../../../api/src/checklists/validation';
export { validateExpense } from '../../../api/src/expenses/validation';
export { validateStoryFields } from '../../../api/src/stories/storyFields';
export { consoleTripProblems } from '../../../api/src/admin/trips/tripForm';
