import { provideAccountLifecycle } from '../accounts/lifecycle.js';
import { invitationProvingAddress, joinTripsAfterVerification, linkInvitationsOnSignup } from '../invitations/service.js';
import { befriendInviters } from '../friends/joinInvitations.js';
import { retireCalendarFeeds, tripChanged } from '../trips/service.js';

/** Wires the account lifecycle (accounts/lifecycle.ts) to the domains that act on it. */
provideAccountLifecycle({
  invitationProvingAddress,
  signedUp: linkInvitationsOnSignup,
  async verified(deps, user) {
    // Someone who accepted a trip invitation before having an account joins the trip now;
    // whoever invited the address to Tripcrew becomes a friend.
    await joinTripsAfterVerification(deps, user.id);
    await befriendInviters(deps, user);
  },
  retireCalendarFeeds,
  tripChanged,
});
