import { graphql } from 'react-relay';

/**
 * The fields every mutation's typed error is read by (`payloadOutcome` / `formErrors`): the
 * message, and a ValidationError's field and every field at fault. Unmasked, so they land on the
 * result itself. Spread inside `... on Error { ...ErrorFields_error }` (the spread's type then
 * matches its place exactly, so the compiler asks no @alias).
 */
export const ErrorFieldsFragment = graphql`
  fragment ErrorFields_error on Error {
    message
    ... on ValidationError {
      field
      fieldErrors {
        field
        message
      }
    }
  }
`;
