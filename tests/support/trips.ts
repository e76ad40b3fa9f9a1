import type { TestApp } from './testApp.js';

export const CREATE_TRIP = `mutation($input: TripInput!) { createTrip(input: $input) {
  __typename ... on TripPayload { trip { id name startDate endDate budget { amountCents amount currency } destination { mainText secondaryText } timing viewerIsOwner memberCount } }
  ... on Error { message } ... on ValidationError { field } } }`;

/** Creates a trip through GraphQL as `token`; returns its global id and raw uuid. */
export async function createTrip(t: TestApp, token: string, input: Record<string, unknown> = {}) {
  const res = await t.graphql(CREATE_TRIP, { input: { name: 'Lisbon long weekend', ...input } }, token);
  const trip = res.body.data?.createTrip?.trip;
  if (!trip) throw new Error(`createTrip failed: ${JSON.stringify(res.body)}`);
  const uuid = Buffer.from(trip.id, 'base64').toString().split(':')[1];
  return { ...trip, uuid } as { id: string; uuid: string; name: string };
}

export const INVITE = `mutation($input: InviteToTripInput!) { inviteToTrip(input: $input) {
  __typename ... on InviteToTripPayload { invitation { id invitedEmail status } existingUser friendRequestCreated emailSent warning }
  ... on Error { message } } }`;

export const isoDaysFromNow = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
