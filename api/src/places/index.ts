/** The places domain's surface for other domains (trips imports parseDestination from here). */
export { PLACE_SEARCH, type Place } from './types.js';
export { searchPlaces, searchPlacesFor, providerFromConfig, type SearchPlacesOptions } from './service.js';
export { parseDestination, destinationToJson, placeToDestination, type Destination, type DestinationFields, type DestinationJson } from './destination.js';
export { gazetteerStats, loadGazetteer } from './gazetteer.js';
