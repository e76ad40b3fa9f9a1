import { Button } from '@mantine/core';
import { IconBookmark, IconBookmarkFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { useSaveToWishlist } from '../explore/useWishlist';

/** 'Save' on a story's place: to the reader's wishlist (signed out, the sign-in page first). */
export function SavePlaceButton({ place, city }: { place: string; city: string }) {
  const [save, saving] = useSaveToWishlist();
  const [saved, setSaved] = useState(false);
  const onSave = async () => {
    const item = await save({
      kind: 'place',
      // One entry per place and city, however many stories name it.
      itemKey: `${city}:${place}`.toLowerCase().slice(0, 200),
      title: place,
      subtitle: city,
      url: window.location.pathname,
    });
    if (item) setSaved(true);
  };
  return (
    <Button
      size="xs"
      variant="default"
      leftSection={saved ? <IconBookmarkFilled size={14} /> : <IconBookmark size={14} />}
      loading={saving}
      disabled={saved}
      onClick={() => void onSave()}
      aria-label={saved ? `${place} is saved to your wishlist` : `Save ${place} to your wishlist`}
    >
      {saved ? 'Saved' : 'Save'}
    </Button>
  );
}
