/** The Relay connections that hold a trip's album (all photos, and the favourites view). */
import { ConnectionHandler } from 'relay-runtime';

export const PHOTO_CONNECTION_KEY = 'PhotoAlbum_photos';

export const photoConnectionId = (tripId: string, favoritesOnly: boolean) => ConnectionHandler.getConnectionID(tripId, PHOTO_CONNECTION_KEY, { favoritesOnly });

/** Both views: a deleted photo leaves each. */
export const photoConnectionIds = (tripId: string) => [photoConnectionId(tripId, false), photoConnectionId(tripId, true)];

/** How many photos a page of the album holds. */
export const ALBUM_PAGE = 48;
