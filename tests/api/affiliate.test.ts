import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AffiliateMessages as M } from '../../api/src/analytics/affiliate.js';
import { createTestApp, signedInUser, type TestApp } from '../support/testApp.js';
import { createTrip } from '../support/trips.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const TRACK = `mutation($input: TrackAffiliateClickInput!) { trackAffiliateClick(input: $input) {
  __typename ... on TrackAffiliateClickPayload { recorded } ... on Error { message } ... on ValidationError { field fieldErrors { field message } } } }`;

const clicksOf = (userId: string) => t.db.prisma.analyticsEvent.findMany({ where: { userId, eventType: 'affiliate_click' }, orderBy: { createdAt: 'asc' } });

describe('trackAffiliateClick', () => {
  it('records a click on one of the viewer’s trips as an analytics event, over GraphQL and REST alike', async () => {
    const u = await signedInUser(t);
    const trip = await createTrip(t, u.token);
    const gql = await t.graphql(
      TRACK,
      {
        input: { affiliatePartner: 'GetYourGuide', affiliateUrl: 'https://www.getyourguide.com/t-1', affiliateItemId: 't-1', tripId: trip.id, source: 'guide' },
      },
      u.token,
    );
    expect(gql.body.data.trackAffiliateClick).toEqual({ __typename: 'TrackAffiliateClickPayload', recorded: true });
    const rest = await t.request('POST', '/api/backend/track-affiliate-click', {
      token: u.token,
      body: {
        affiliate_partner: 'Viator',
        affiliate_url: 'http://viator.example/x',
        affiliate_item_id: 42,
        metadata: { source: 'recommendations', trip_id: trip.uuid },
      },
    });
    expect(rest.status).toBe(201);
    const withoutTrip = await t.request('POST', '/api/backend/track-affiliate-click', {
      token: u.token,
      body: { affiliate_partner: 'Booking.com', affiliate_url: 'https://booking.example/' },
    });
    expect(withoutTrip.status).toBe(201);
    const rows = await clicksOf(u.userId);
    expect(rows.map((r) => r.metadata)).toEqual([
      { affiliate_partner: 'GetYourGuide', affiliate_url: 'https://www.getyourguide.com/t-1', affiliate_item_id: 't-1', source: 'guide', trip_id: trip.uuid },
      { affiliate_partner: 'Viator', affiliate_url: 'http://viator.example/x', affiliate_item_id: '42', source: 'recommendations', trip_id: trip.uuid },
      { affiliate_partner: 'Booking.com', affiliate_url: 'https://booking.example/', affiliate_item_id: null, source: null, trip_id: null },
    ]);
  });

  it('refuses signed-out callers, others’ trips, non-http links and oversized text, recording nothing', async () => {
    const u = await signedInUser(t);
    const other = await signedInUser(t);
    const theirs = await createTrip(t, other.token);
    const ok = { affiliate_partner: 'Viator', affiliate_url: 'https://viator.example/' };

    expect((await t.request('POST', '/api/backend/track-affiliate-click', { body: ok })).status).toBe(401);
    const anon = await t.graphql(TRACK, { input: { affiliatePartner: 'Viator', affiliateUrl: 'https://viator.example/' } });
    expect(anon.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');

    const foreign = await t.request('POST', '/api/backend/track-affiliate-click', { token: u.token, body: { ...ok, metadata: { trip_id: theirs.uuid } } });
    expect(foreign.status).toBe(403);
    const foreignGql = await t.graphql(TRACK, { input: { affiliatePartner: 'Viator', affiliateUrl: 'https://viator.example/', tripId: theirs.id } }, u.token);
    expect(foreignGql.body.data.trackAffiliateClick.__typename).toBe('ForbiddenError');
    const missing = await t.request('POST', '/api/backend/track-affiliate-click', {
      token: u.token,
      body: { ...ok, metadata: { trip_id: '00000000-0000-4000-8000-000000000000' } },
    });
    expect(missing.status).toBe(404);

    const bad = await t.graphql(TRACK, { input: { affiliatePartner: ' ', affiliateUrl: 'javascript:alert(1)', source: 's'.repeat(101) } }, u.token);
    expect(bad.body.data.trackAffiliateClick).toMatchObject({
      __typename: 'ValidationError',
      fieldErrors: [
        { field: 'affiliatePartner', message: M.partnerRequired },
        { field: 'affiliateUrl', message: M.urlInvalid },
        { field: 'source', message: M.sourceTooLong },
      ],
    });
    const badRest = await t.request('POST', '/api/backend/track-affiliate-click', {
      token: u.token,
      body: { affiliate_partner: 'p'.repeat(101), affiliate_url: 'ftp://files.example/', affiliate_item_id: 'i'.repeat(201) },
    });
    expect(badRest.status).toBe(400);
    expect(badRest.body).toMatchObject({ error: M.partnerTooLong, field: 'affiliate_partner' });
    expect(badRest.body.field_errors.map((f: { field: string }) => f.field)).toEqual(['affiliate_partner', 'affiliate_url', 'affiliate_item_id']);
    const longUrl = await t.request('POST', '/api/backend/track-affiliate-click', {
      token: u.token,
      body: { affiliate_partner: 'p', affiliate_url: `https://x.example/${'a'.repeat(2000)}` },
    });
    expect([longUrl.status, longUrl.body.error]).toEqual([400, M.urlTooLong]);
    const wrongType = await t.request('POST', '/api/backend/track-affiliate-click', {
      token: u.token,
      body: { affiliate_partner: ['x'], affiliate_url: 'https://x' },
    });
    expect(wrongType.status).toBe(400);

    expect(await clicksOf(u.userId)).toEqual([]);
  });
});
