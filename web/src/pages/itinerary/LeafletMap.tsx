/**
 * The trip's map (its own lazily loaded chunk: Leaflet weighs nothing on other routes). Pins
 * are drawn by Leaflet from the page's data, so they show even when no tile loads (offline, a
 * blocked tile host); a note then says the background is missing. Pin icons are bundled: no
 * image is fetched from a CDN.
 */
import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';
import { useEffect, useMemo, useState } from 'react';
import { MapContainer, Marker, Popup, TileLayer, useMap } from 'react-leaflet';
import { mapBox, type LatLng } from './geo';
import classes from './LeafletMap.module.css';
import { TILES_ATTRIBUTION } from './mapTiles';

// Leaflet's default icon guesses its image path from the stylesheet's URL, which fails once
// bundled; point it at the bundled files (only used if a marker ever has no icon of its own).
L.Icon.Default.mergeOptions({ iconUrl: markerIcon, iconRetinaUrl: markerIcon2x, shadowUrl: markerShadow });

export type PinKind = 'item' | 'restaurant' | 'attraction' | 'article' | 'search';

export interface MapPin {
  key: string;
  kind: PinKind;
  latitude: number;
  longitude: number;
  title: string;
  detail?: string | null;
}

export interface LeafletMapProps {
  centre: LatLng;
  pins: readonly MapPin[];
  tilesUrl: string;
  /** Points the view takes in besides the box around `centre` (the trip's pinned items). */
  include?: readonly LatLng[];
  /** Changes whenever the map should move back to `centre` (a search result picked). */
  viewKey: string;
  /** The map's accessible name. */
  label?: string;
}

/** The box around the centre, grown to take in every point. */
function viewBounds(centre: LatLng, include: readonly LatLng[] = []): L.LatLngBounds {
  const bounds = L.latLngBounds(mapBox(centre));
  for (const p of include) bounds.extend([p.latitude, p.longitude]);
  return bounds;
}

/** Room around the outermost pins, so none sits on the edge (pixels); the bare box needs none. */
const fitOptions = (include?: readonly LatLng[]): L.FitBoundsOptions | undefined => (include?.length ? { padding: [28, 28] } : undefined);

const icons = new Map<PinKind, L.DivIcon>();
function pinIcon(kind: PinKind): L.DivIcon {
  let icon = icons.get(kind);
  if (!icon) {
    icon = L.divIcon({
      className: `${classes.pin} ${classes[kind]}`,
      html: '<span></span>',
      iconSize: [26, 26],
      iconAnchor: [13, 26],
      popupAnchor: [0, -24],
    });
    icons.set(kind, icon);
  }
  return icon;
}

const KIND_LABEL: Record<PinKind, string> = {
  item: 'On the plan',
  restaurant: 'Restaurant nearby',
  attraction: 'Attraction nearby',
  article: 'Article',
  search: 'Searched place',
};

/** Moves the view to the 0.02-degree box around the centre (and the points to include) whenever the view key changes. */
function FitCentre({ centre, include, viewKey }: { centre: LatLng; include?: readonly LatLng[]; viewKey: string }) {
  const map = useMap();
  useEffect(() => {
    map.fitBounds(viewBounds(centre, include), fitOptions(include));
    // The key says when; the centre it names comes with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, viewKey]);
  return null;
}

export default function LeafletMap({ centre, include, pins, tilesUrl, viewKey, label = 'Map of the trip' }: LeafletMapProps) {
  const [tilesFailed, setTilesFailed] = useState(false);
  const initialBounds = useMemo(() => viewBounds(centre, include), []); // eslint-disable-line react-hooks/exhaustive-deps
  const initialOptions = useMemo(() => fitOptions(include), []); // eslint-disable-line react-hooks/exhaustive-deps
  const tileEvents = useMemo(() => ({ tileerror: () => setTilesFailed(true), tileload: () => setTilesFailed(false) }), []);
  return (
    // Named on the frame: MapContainer passes only its class, id and style to its element.
    <div className={classes.frame} role="region" aria-label={label}>
      <MapContainer bounds={initialBounds} boundsOptions={initialOptions} className={classes.map} scrollWheelZoom={false} keyboard attributionControl>
        <TileLayer url={tilesUrl} attribution={TILES_ATTRIBUTION} eventHandlers={tileEvents} />
        <FitCentre centre={centre} include={include} viewKey={viewKey} />
        {pins.map((pin) => (
          <Marker key={pin.key} position={[pin.latitude, pin.longitude]} icon={pinIcon(pin.kind)} title={pin.title} alt={pin.title}>
            <Popup>
              <strong>{pin.title}</strong>
              <br />
              {pin.detail ?? KIND_LABEL[pin.kind]}
            </Popup>
          </Marker>
        ))}
      </MapContainer>
      {tilesFailed && (
        <p className={classes.note} role="status">
          Map background unavailable; pins still show.
        </p>
      )}
    </div>
  );
}
