import { Code, Tooltip } from '@mantine/core';

/** Tables show ids by their first 8 characters; the whole id is on hover and for screen readers. */
export const SHORT_ID_LENGTH = 8;
export const shortId = (id: string) => id.slice(0, SHORT_ID_LENGTH);

export function ShortId({ id }: { id: string }) {
  return (
    <Tooltip label={id} withArrow>
      <Code aria-label={id} tabIndex={0}>
        {shortId(id)}
      </Code>
    </Tooltip>
  );
}
