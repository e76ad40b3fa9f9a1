/** Saving to the signed-in traveller's wishlist, from explore, guides and stories alike. */
import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { WishlistMessages, type WishlistKind } from '../../platform/domain';
import { errorMessage } from '../../platform/api';
import { notify } from '../../platform/notify';
import { sessionStore } from '../../platform/session';
import { signedInRequest } from '../guides/guideApi';

export interface WishlistEntry {
  kind: WishlistKind;
  itemKey: string;
  title: string;
  subtitle?: string | null;
  url?: string | null;
}

export interface SavedWishlistItem {
  id: string;
  kind: WishlistKind;
  item_key: string;
  title: string;
}

/** `save(entry)`: true once saved. Signed out, it asks the visitor to sign in and comes back here. */
export function useSaveToWishlist(): [(entry: WishlistEntry) => Promise<SavedWishlistItem | null>, boolean] {
  const [saving, setSaving] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  const save = useCallback(
    async (entry: WishlistEntry) => {
      if (!sessionStore.current) {
        notify.info('Please sign in to save to your wishlist.');
        void navigate(`/signin?next=${encodeURIComponent(location.pathname + location.search)}`);
        return null;
      }
      setSaving(true);
      try {
        const { item } = await signedInRequest<{ item: SavedWishlistItem }>('/api/backend/wishlist', {
          method: 'POST',
          body: { kind: entry.kind, item_key: entry.itemKey, title: entry.title, subtitle: entry.subtitle ?? null, url: entry.url ?? null },
        });
        notify.success(WishlistMessages.saved);
        return item;
      } catch (error) {
        notify.error(errorMessage(error) || WishlistMessages.saveFailed);
        return null;
      } finally {
        setSaving(false);
      }
    },
    [navigate, location.pathname, location.search],
  );
  return [save, saving];
}
