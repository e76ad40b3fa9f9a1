import { Button } from '@mantine/core';

/** 'Load more' under an admin list, shown only while the server has a next page. */
export function LoadMoreButton({ hasNext, loading, onMore }: { hasNext: boolean; loading: boolean; onMore: () => void }) {
  return hasNext ? (
    <Button variant="light" loading={loading} onClick={onMore} style={{ alignSelf: 'center' }}>
      Load more
    </Button>
  ) : null;
}
