import { z } from 'zod';
import type { RequestContext } from '../platform/context.js';
import { requireViewer } from '../platform/context.js';
import { parseInput } from '../platform/validation.js';
import { DESIGN_IMPRESSIONS, FEEDBACK_TEXT_MAX, FeedbackMessages as M, RATING, TRIP_FREQUENCIES, WaitlistMessages as W, WOULD_USE } from './messages.js';

/** Empty answers are no answer (null), as the survey sends them. */
const blank = (v: unknown) => (v === '' || v === undefined ? null : v);
const choice = <T extends readonly [string, ...string[]]>(values: T) => z.preprocess(blank, z.enum(values, { error: M.choice }).nullable());
const rating = z.preprocess(blank, z.number({ error: M.rating }).int(M.rating).min(RATING.min, M.rating).max(RATING.max, M.rating).nullable());
const answer = (max = FEEDBACK_TEXT_MAX) =>
  z.preprocess(
    blank,
    z
      .string({ error: M.tooLong })
      .trim()
      .max(max, M.tooLong)
      .nullable()
      .transform((v) => v || null),
  );
const yesNo = z.preprocess(blank, z.boolean({ error: M.choice }).nullable());

/** The survey's four sections in one payload; every answer is optional. */
export const FeedbackInput = z.object({
  name: answer(120),
  email: z.preprocess(blank, z.email({ error: M.email }).max(254, M.email).nullable()),
  groupTripFrequency: choice(TRIP_FREQUENCIES),
  signupEase: rating,
  designImpression: choice(DESIGN_IMPRESSIONS),
  initialExpectation: answer(),
  exploredExplore: yesNo,
  exploreUsefulness: rating,
  triedItineraryAdd: yesNo,
  itineraryEase: rating,
  enjoyedMost: answer(),
  confusingOrMissing: answer(),
  wouldUseNextTrip: choice(WOULD_USE),
  recommendLikelihood: rating,
  otherIdeas: answer(),
  contextCity: answer(200),
});
export type FeedbackAnswers = Partial<z.input<typeof FeedbackInput>>;

/**
 * Stores one survey answer of the signed-in traveller and, in the same transaction, the
 * `feedback_submit` analytics event the administrators' analytics count.
 */
export async function submitFeedback(ctx: RequestContext, raw: FeedbackAnswers): Promise<{ id: string }> {
  const viewer = requireViewer(ctx);
  const input = parseInput(FeedbackInput, raw);
  await ctx.deps.limiter.consume('submissionsPerUser', viewer.id, M.tooMany);
  return ctx.deps.db.prisma.$transaction(async (tx) => {
    const row = await tx.feedback.create({ data: { ...input, email: input.email?.toLowerCase() ?? null, userId: viewer.id }, select: { id: true } });
    await tx.analyticsEvent.create({
      data: {
        eventType: 'feedback_submit',
        page: '/dashboard/feedback',
        userId: viewer.id,
        metadata: { feedback_id: row.id, city: input.contextCity, recommend_likelihood: input.recommendLikelihood },
      },
    });
    return row;
  });
}

export const WaitlistInput = z.object({
  email: z.preprocess(blank, z.email({ error: W.email }).max(254, W.email).nullable()).refine((v) => v !== null, W.emailRequired),
});

/** Puts an address on the Mapped waitlist; the same address twice stays one entry. */
export async function joinMappedWaitlist(ctx: RequestContext, raw: { email?: unknown }): Promise<{ email: string; alreadyListed: boolean }> {
  const viewer = requireViewer(ctx);
  const { email } = parseInput(WaitlistInput, raw);
  await ctx.deps.limiter.consume('submissionsPerUser', viewer.id, M.tooMany);
  const address = email!.toLowerCase();
  const rows = await ctx.deps.db.prisma.notifySignup.createManyAndReturn({
    data: { email: address, feature: 'mapped', userId: viewer.id },
    skipDuplicates: true,
    select: { id: true },
  });
  return { email: address, alreadyListed: rows.length === 0 };
}
