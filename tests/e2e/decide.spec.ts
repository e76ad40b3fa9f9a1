import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { rangeLabel } from '../../api/src/decisions/rules.js';
import { uniqueEmail } from './mail.js';
import { createVerifiedAccount, isoDaysFromToday, signIn, type Person } from './trips-helpers.js';

/**
 * Three members decide together, live: the owner adds an idea, the others see it and vote it up
 * (names shown), it goes on the plan as a pending item; a dates poll proposed from "5 nights
 * between A and B" is answered by all three, ranks its ranges and names who cannot come; the
 * owner applies the winner after a confirmation that lists the plan item outside it, and the
 * trip's dates change. Screenshots at 1280 and 375 px.
 */

test.setTimeout(300_000);
const password = 'decide-together-42';

async function session(request: APIRequestContext, p: Person) {
  const res = await request.post('/api/auth/signin', { data: { email: p.email, password: p.password } });
  const body = (await res.json()) as { access_token: string; user: { id: string } };
  return { token: body.access_token, userId: body.user.id };
}
async function gql(request: APIRequestContext, token: string, query: string, variables: Record<string, unknown>) {
  const res = await request.post('/graphql', { headers: { authorization: `Bearer ${token}` }, data: { query, variables } });
  return ((await res.json()) as { data: any }).data;
}

test('three members: ideas, votes, add to plan; a dates poll answered by all and applied by the owner', async ({ browser, page, request }, testInfo) => {
  const [ana, bea, caio]: Person[] = ['Ana', 'Bea', 'Caio'].map((firstName) => ({
    firstName,
    lastName: 'Decide',
    email: uniqueEmail(`${firstName.toLowerCase()}.decide`),
    password,
  }));
  for (const p of [ana!, bea!, caio!]) await createVerifiedAccount(page, p);
  const [a, b, c] = [await session(request, ana!), await session(request, bea!), await session(request, caio!)];
  const tripName = `Lisbon Crew ${Date.now() % 100000}`;
  const tripId: string = (
    await gql(request, a.token, 'mutation($i: TripInput!) { createTrip(input: $i) { ... on TripPayload { trip { id } } } }', {
      i: { name: tripName, startDate: isoDaysFromToday(30), endDate: isoDaysFromToday(36) },
    })
  ).createTrip.trip.id;
  for (const who of [b, c]) {
    const person = who === b ? bea! : caio!;
    const inv = await gql(
      request,
      a.token,
      'mutation($i: InviteToTripInput!) { inviteToTrip(input: $i) { ... on InviteToTripPayload { invitation { id } } } }',
      {
        i: { tripId, email: person.email },
      },
    );
    await gql(request, who.token, 'mutation($id: ID!) { acceptTripInvitation(invitationId: $id) { __typename } }', { id: inv.inviteToTrip.invitation.id });
  }
  const uuid = Buffer.from(tripId, 'base64')
    .toString()
    .replace(/^Trip:/, '');
  const decideUrl = `/dashboard/trips/${uuid}?tab=decide`;

  const pageA = page;
  await signIn(pageA, ana!.email, ana!.password);
  const pageB: Page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signIn(pageB, bea!.email, bea!.password);
  await pageA.setViewportSize({ width: 1280, height: 900 });
  await pageA.goto(decideUrl);
  await pageB.goto(decideUrl);
  // Empty states teach.
  await expect(pageA.getByText(/No ideas yet/)).toBeVisible();
  await expect(pageB.getByText(/No polls yet/)).toBeVisible();

  // Ana adds an idea; Bea sees it live and votes it up; Caio votes through the API; Ana sees both names.
  await pageA.getByRole('button', { name: 'Add idea' }).click();
  const form = pageA.getByRole('dialog', { name: 'Add an idea' });
  await form.getByLabel('Idea').fill('Tram 28');
  await form.getByLabel(/Link/).fill('https://example.com/tram-28');
  await form.getByLabel(/Estimated cost/).fill('3.10');
  await form.getByRole('button', { name: 'Add idea' }).click();
  await expect(form).toBeHidden();
  const ideaB = pageB.getByRole('article', { name: 'Tram 28' });
  await expect(ideaB).toBeVisible();
  await ideaB.getByRole('button', { name: 'Vote for Tram 28' }).click();
  await expect(ideaB.getByRole('button', { name: 'Remove your vote for Tram 28' })).toHaveAttribute('aria-pressed', 'true');
  const board = await gql(request, c.token, 'query($id: ID!) { node(id: $id) { ... on Trip { ideas { edges { node { id } } } } } }', { id: tripId });
  await gql(request, c.token, 'mutation($id: ID!) { voteTripIdea(id: $id, vote: true) { __typename } }', { id: board.node.ideas.edges[0].node.id });
  const ideaA = pageA.getByRole('article', { name: 'Tram 28' });
  await expect(ideaA.getByTestId('vote-count')).toHaveText('2');
  await expect(ideaA.getByText('Voted by Bea Decide, Caio Decide')).toBeVisible();

  // Ana puts it on the plan (the trip's second day): a pending item on the Plan tab.
  await ideaA.getByRole('button', { name: 'Add to plan' }).click();
  const plan = pageA.getByRole('dialog', { name: 'Add "Tram 28" to the plan' });
  await plan.getByRole('button', { name: 'Add to plan' }).click();
  await expect(plan).toBeHidden();
  await expect(pageA.getByText('"Tram 28" is on the plan, pending booking.')).toBeVisible();
  await pageA.getByRole('tab', { name: 'Plan' }).click();
  const item = pageA.getByRole('article', { name: /Tram 28/ }).first();
  await expect(item).toBeVisible();
  await expect(item.getByText('Pending', { exact: true }).first()).toBeVisible();
  await pageA.getByRole('tab', { name: /Decide together/ }).click();

  // A dates poll proposed from "5 nights between day 40 and day 50".
  await pageA.getByRole('button', { name: 'New poll' }).click();
  const pollForm = pageA.getByRole('dialog', { name: 'New poll' });
  await pollForm.getByText('Dates', { exact: true }).click();
  await pollForm.getByLabel('Nights').fill('5');
  await pollForm.getByLabel('Between').fill(isoDaysFromToday(40));
  await pollForm.getByLabel('And', { exact: true }).fill(isoDaysFromToday(50));
  await pollForm.getByRole('button', { name: 'Propose' }).click();
  const ranges = [0, 2, 3, 5].map((o) => ({ start: isoDaysFromToday(40 + o), end: isoDaysFromToday(45 + o) }));
  await expect(pollForm.getByLabel('Range 4 from')).toHaveValue(ranges[3]!.start);
  await expect(pollForm.getByLabel('Question')).toHaveValue('Which 5 nights suit you?');
  await pollForm.getByRole('button', { name: 'Create poll' }).click();
  await expect(pollForm).toBeHidden();
  const labels = ranges.map((r) => rangeLabel(r.start, r.end));
  // The header links to the open poll.
  await expect(pageA.getByRole('button', { name: /1 open poll/ })).toBeVisible();

  const answer = async (p: Page, answers: string[]) => {
    const card = p.getByRole('article', { name: 'Which 5 nights suit you?' });
    for (const [i, value] of answers.entries()) await card.getByLabel(`Your answer for ${labels[i]}`).getByText(value, { exact: true }).click();
    await card.getByRole('button', { name: /my answers/ }).click();
    await expect(p.getByText('Your answers are in.')).toBeVisible();
  };
  // Bea sees it live and answers; Ana answers; Caio through the API.
  await expect(pageB.getByRole('article', { name: 'Which 5 nights suit you?' })).toBeVisible();
  await answer(pageB, ['No', 'Yes', 'Maybe', 'Yes']);
  await answer(pageA, ['Yes', 'Yes', 'No', 'No']);
  const polls = await gql(request, c.token, 'query($id: ID!) { node(id: $id) { ... on Trip { polls { edges { node { id options { id } } } } } } }', {
    id: tripId,
  });
  const poll = polls.node.polls.edges[0].node;
  await gql(request, c.token, 'mutation($id: ID!, $a: [PollAnswerFields!]!) { voteTripPoll(id: $id, answers: $a) { __typename } }', {
    id: poll.id,
    a: poll.options.map((o: { id: string }, i: number) => ({ optionId: o.id, answer: ['YES', 'YES', 'YES', 'NO'][i] })),
  });
  // Ranked: range 2 (3 yes) first; range 1 names Bea as unable to come.
  const cardA = pageA.getByRole('article', { name: 'Which 5 nights suit you?' });
  const results = cardA.getByTestId('poll-result');
  await expect(results.first()).toContainText(`1. ${labels[1]}: 3 yes, 0 maybe, 0 no`);
  await expect(results.nth(1)).toContainText(`2. ${labels[0]}: 2 yes, 0 maybe, 1 no`);
  await expect(results.nth(1)).toContainText('Cannot come: Bea Decide');
  // Bea is no owner: she cannot apply.
  await expect(pageB.getByRole('button', { name: 'Use these dates' })).toHaveCount(0);

  const axe = async () => {
    const found = await new AxeBuilder({ page: pageA }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(found.violations.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.html} ${n.failureSummary}`).join(' ')}`)).toEqual([]);
  };
  await axe();
  await pageA.screenshot({ path: testInfo.outputPath('decide-1280.png'), fullPage: true });
  await pageA.setViewportSize({ width: 375, height: 800 });
  await axe();
  await pageA.screenshot({ path: testInfo.outputPath('decide-375.png'), fullPage: true });
  await pageA.setViewportSize({ width: 1280, height: 900 });

  // Ana applies the winner: the confirmation lists the plan item outside it first.
  await results.first().getByRole('button', { name: 'Use these dates' }).click();
  const confirm = pageA.getByRole('dialog', { name: 'Use these dates' });
  await expect(confirm.getByText('These plan items fall outside the new dates:')).toBeVisible();
  await expect(confirm.getByText(/Tram 28/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Change trip dates' }).click();
  await expect(confirm).toBeHidden();
  await expect(pageA.getByText('The trip dates are changed.')).toBeVisible();
  await expect(cardA.getByText('Closed', { exact: true })).toBeVisible();
  await expect(pageB.getByRole('article', { name: 'Which 5 nights suit you?' }).getByText('Closed', { exact: true })).toBeVisible();
  const after = await gql(request, b.token, 'query($id: ID!) { node(id: $id) { ... on Trip { startDate endDate } } }', { id: tripId });
  expect(after.node).toEqual({ startDate: ranges[1]!.start, endDate: ranges[1]!.end });
  await expect(pageA.getByRole('button', { name: /open poll/ })).toHaveCount(0);
});

test('a choice poll of two ideas; printing on the Decide tab prints the plan', async ({ page, request }, testInfo) => {
  const dee: Person = { firstName: 'Dee', lastName: 'Decide', email: uniqueEmail('dee.decide'), password };
  await createVerifiedAccount(page, dee);
  const d = await session(request, dee);
  const tripName = `Barcelona Crew ${Date.now() % 100000}`;
  const tripId: string = (
    await gql(request, d.token, 'mutation($i: TripInput!) { createTrip(input: $i) { ... on TripPayload { trip { id } } } }', {
      i: { name: tripName, startDate: isoDaysFromToday(30), endDate: isoDaysFromToday(34) },
    })
  ).createTrip.trip.id;
  const uuid = Buffer.from(tripId, 'base64')
    .toString()
    .replace(/^Trip:/, '');
  await gql(request, d.token, 'mutation($t: ID!, $i: TripIdeaFields!) { addTripIdea(tripId: $t, input: $i) { __typename } }', {
    t: tripId,
    i: { title: 'Picnic in Park Güell' },
  });
  await signIn(page, dee.email, dee.password);
  await page.setViewportSize({ width: 1280, height: 900 });

  const place = 'Montserrat day trip';
  await gql(request, d.token, 'mutation($t: ID!, $i: TripIdeaFields!) { addTripIdea(tripId: $t, input: $i) { __typename } }', {
    t: tripId,
    i: { title: place },
  });

  // "Which of these": a choice poll whose options are the two ideas.
  await page.goto(`/dashboard/trips/${uuid}?tab=decide`);
  // The page arrives rendered by the server; the Decide tab's own query starts once the app has
  // adopted it (on a busy machine that alone took 8 s once): wait for each in turn.
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrating');
  await expect(page.getByRole('article', { name: place })).toBeVisible();
  await page.getByRole('button', { name: 'New poll' }).click();
  const pollForm = page.getByRole('dialog', { name: 'New poll' });
  await pollForm.getByLabel('Question').fill('Which of these first?');
  for (const idea of ['Picnic in Park Güell', place]) {
    await pollForm.getByLabel('Add an idea from the board').click();
    await page.getByRole('option', { name: idea }).click();
  }
  await expect(pollForm.getByLabel('Option 1 (an idea)')).toHaveValue('Picnic in Park Güell');
  await expect(pollForm.getByLabel('Option 2 (an idea)')).toHaveValue(place);
  await page.screenshot({ path: testInfo.outputPath('poll-from-ideas-1280.png') });
  await pollForm.getByRole('button', { name: 'Create poll' }).click();
  await expect(pollForm).toBeHidden();
  const card = page.getByRole('article', { name: 'Which of these first?' });
  await expect(card.getByText('Picnic in Park Güell').first()).toBeVisible();
  await expect(card.getByText(place).first()).toBeVisible();
  const polls = await gql(request, d.token, 'query($id: ID!) { node(id: $id) { ... on Trip { polls { edges { node { options { idea { title } } } } } } } }', {
    id: tripId,
  });
  expect(polls.node.polls.edges[0].node.options.map((o: { idea: { title: string } | null }) => o.idea?.title)).toEqual(['Picnic in Park Güell', place]);

  // Printing from the Decide tab prints the plan; the tab comes back after.
  await page.emulateMedia({ media: 'print' });
  await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
  await expect(page.getByRole('tabpanel', { name: 'Plan' })).toBeVisible();
  await expect(card).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('print-from-decide.png'), fullPage: true });
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  await page.emulateMedia({ media: 'screen' });
  await expect(card).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: testInfo.outputPath('decide-ideas-poll-375.png'), fullPage: true });
});
