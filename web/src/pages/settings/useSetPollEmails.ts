import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type { useSetPollEmailsMutation } from '../../__generated__/useSetPollEmailsMutation.graphql';
import { AccountMessages } from '../../platform/domain';
import { payloadOutcome, type Outcome } from '../../platform/outcome';
import { useOutcomeMutation } from '../../platform/relay/useOutcomeMutation';

const Mutation = graphql`
  mutation useSetPollEmailsMutation($on: Boolean!) {
    setPollEmails(on: $on) {
      __typename
      ... on SetPollEmailsPayload {
        user {
          id
          emailPolls
        }
      }
      ... on Error {
        ...ErrorFields_error @relay(mask: false)
      }
    }
  }
`;

/** setPollEmails: "E-mail me about polls" on or off for the viewer. */
export function useSetPollEmails(): [(on: boolean) => Promise<Outcome>, boolean] {
  const [run, inFlight] = useOutcomeMutation<useSetPollEmailsMutation>(Mutation);
  const set = useCallback(
    (on: boolean) =>
      run({ variables: { on } }, AccountMessages.unexpected, ({ setPollEmails: r }) => payloadOutcome(r, 'SetPollEmailsPayload', AccountMessages.unexpected)),
    [run],
  );
  return [set, inFlight];
}
