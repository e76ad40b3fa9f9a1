import { Button } from '@mantine/core';

/** 'Load more' under an admin list, shown only while the server has a next page. */
export function LoadMoreButton({
  hasNext,
  loading,
  onMore,
  variant = 'light',
}: {
  hasNext: boolean;
  loading: boolean;
  onMore: () => void;
  variant?: 'light' | 'default';
}) {
  return hasNext ? (
    <Button variant={variant} loading={loading} onClick={onMore} style={{ alignSelf: 'center' }}>
      Load more
    </Button>
  ) : null;
}
