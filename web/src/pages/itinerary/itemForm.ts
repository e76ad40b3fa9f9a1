/**
 * The Add/Edit Item form's data, free of React: which fields each type asks for, the checks the
 * browser makes before sending (the server makes them again, and more, and its field errors
 * land on the same fields), and the input the mutations send (blank fields as null).
 */
import { itineraryItemProblems } from '../../platform/rules';
import type { ItemType } from './timeline';

/** Every field the form can show, named as the API's input names them. */
export type ItemField =
  | 'title'
  | 'type'
  | 'activityDate'
  | 'startTime'
  | 'endTime'
  | 'location'
  | 'notes'
  | 'checkInDate'
  | 'checkOutDate'
  | 'departureTime'
  | 'arrivalTime'
  | 'flightNumber'
  | 'hotelName'
  | 'reservationNumber'
  | 'returnDate'
  | 'fromLocation'
  | 'toLocation'
  | 'timeZone'
  | 'arrivalTimeZone'
  | 'returnDepartureTime'
  | 'returnArrivalTime'
  | 'returnTimeZone'
  | 'returnArrivalTimeZone';

export interface PlaceLike {
  mainText: string;
  secondaryText?: string | null;
  description?: string | null;
  placeId?: string | null;
  latitude?: number | null;
  longitude?: number | null;
}

export interface ItemValues {
  type: ItemType;
  title: string;
  activityDate: string;
  startTime: string;
  endTime: string;
  /** The place picked (with coordinates) or typed. */
  location: PlaceLike | null;
  notes: string;
  checkInDate: string;
  checkOutDate: string;
  departureTime: string;
  arrivalTime: string;
  flightNumber: string;
  hotelName: string;
  reservationNumber: string;
  returnDate: string;
  fromLocation: string;
  toLocation: string;
  /** IANA zone; blank lets the server derive it from the place, the route or the trip. */
  timeZone: string;
  arrivalTimeZone: string;
  /** A round trip's way back: its own times and zones (blank zones are derived). */
  returnDepartureTime: string;
  returnArrivalTime: string;
  returnTimeZone: string;
  returnArrivalTimeZone: string;
}

/** What addItineraryItem / updateItineraryItem take as `item` (ItineraryItemFields). */
export interface ItemFieldsInput {
  type: ItemType;
  title: string | null;
  activityDate: string | null;
  startTime: string | null;
  endTime: string | null;
  location: string | null;
  latitude: number | null;
  longitude: number | null;
  notes: string | null;
  checkInDate: string | null;
  checkOutDate: string | null;
  departureTime: string | null;
  arrivalTime: string | null;
  flightNumber: string | null;
  hotelName: string | null;
  reservationNumber: string | null;
  returnDate: string | null;
  fromLocation: string | null;
  toLocation: string | null;
  timeZone: string | null;
  arrivalTimeZone: string | null;
  returnDepartureTime: string | null;
  returnArrivalTime: string | null;
  returnTimeZone: string | null;
  returnArrivalTimeZone: string | null;
}

export const emptyItemValues = (type: ItemType = 'ACTIVITY'): ItemValues => ({
  type,
  title: '',
  activityDate: '',
  startTime: '',
  endTime: '',
  location: null,
  notes: '',
  checkInDate: '',
  checkOutDate: '',
  departureTime: '',
  arrivalTime: '',
  flightNumber: '',
  hotelName: '',
  reservationNumber: '',
  returnDate: '',
  fromLocation: '',
  toLocation: '',
  timeZone: '',
  arrivalTimeZone: '',
  returnDepartureTime: '',
  returnArrivalTime: '',
  returnTimeZone: '',
  returnArrivalTimeZone: '',
});

/** An item as the API gives it, back into the form's values. */
export function itemValuesOf(item: {
  readonly type: ItemType;
  readonly title: string;
  readonly activityDate?: string | null;
  readonly startTime?: string | null;
  readonly endTime?: string | null;
  readonly location?: string | null;
  readonly latitude?: number | null;
  readonly longitude?: number | null;
  readonly notes?: string | null;
  readonly checkInDate?: string | null;
  readonly checkOutDate?: string | null;
  readonly departureTime?: string | null;
  readonly arrivalTime?: string | null;
  readonly flightNumber?: string | null;
  readonly hotelName?: string | null;
  readonly reservationNumber?: string | null;
  readonly returnDate?: string | null;
  readonly fromLocation?: string | null;
  readonly toLocation?: string | null;
  readonly timeZone?: string | null;
  readonly arrivalTimeZone?: string | null;
  readonly returnDepartureTime?: string | null;
  readonly returnArrivalTime?: string | null;
  readonly returnTimeZone?: string | null;
  readonly returnArrivalTimeZone?: string | null;
}): ItemValues {
  const s = (v: string | null | undefined) => v ?? '';
  return {
    type: item.type,
    title: item.title,
    activityDate: s(item.activityDate),
    startTime: s(item.startTime),
    endTime: s(item.endTime),
    location: item.location
      ? { mainText: item.location, description: item.location, latitude: item.latitude ?? null, longitude: item.longitude ?? null }
      : null,
    notes: s(item.notes),
    checkInDate: s(item.checkInDate),
    checkOutDate: s(item.checkOutDate),
    departureTime: s(item.departureTime),
    arrivalTime: s(item.arrivalTime),
    flightNumber: s(item.flightNumber),
    hotelName: s(item.hotelName),
    reservationNumber: s(item.reservationNumber),
    returnDate: s(item.returnDate),
    fromLocation: s(item.fromLocation),
    toLocation: s(item.toLocation),
    timeZone: s(item.timeZone),
    arrivalTimeZone: s(item.arrivalTimeZone),
    returnDepartureTime: s(item.returnDepartureTime),
    returnArrivalTime: s(item.returnArrivalTime),
    returnTimeZone: s(item.returnTimeZone),
    returnArrivalTimeZone: s(item.returnArrivalTimeZone),
  };
}

/** Flights and stays get a title from their details when none is typed (the server names them). */
export const titleRequired = (type: ItemType) => type !== 'FLIGHT' && type !== 'ACCOMMODATION';

/** The fields each type's form shows, in order (the type select and the title come first in all). */
export function fieldsFor(type: ItemType): readonly ItemField[] {
  switch (type) {
    case 'FLIGHT':
      return [
        'flightNumber',
        'fromLocation',
        'toLocation',
        'activityDate',
        'departureTime',
        'arrivalTime',
        'timeZone',
        'arrivalTimeZone',
        'returnDate',
        'returnDepartureTime',
        'returnArrivalTime',
        'returnTimeZone',
        'returnArrivalTimeZone',
        'reservationNumber',
        'notes',
      ];
    case 'ACCOMMODATION':
      return ['hotelName', 'location', 'checkInDate', 'checkOutDate', 'startTime', 'endTime', 'timeZone', 'reservationNumber', 'notes'];
    case 'TRANSPORT':
      return ['fromLocation', 'toLocation', 'activityDate', 'startTime', 'endTime', 'timeZone', 'arrivalTimeZone', 'location', 'reservationNumber', 'notes'];
    case 'RESTAURANT':
    case 'EVENT':
      return ['activityDate', 'startTime', 'endTime', 'timeZone', 'location', 'reservationNumber', 'notes'];
    default:
      return ['activityDate', 'startTime', 'endTime', 'timeZone', 'location', 'notes'];
  }
}

/** Each field's label in each type's form. */
export function fieldLabel(field: ItemField, type: ItemType): string {
  if (type === 'FLIGHT') {
    if (field === 'activityDate') return 'Departure date';
    if (field === 'timeZone') return 'Departure time zone';
    if (field === 'reservationNumber') return 'Booking reference';
  }
  if (type === 'ACCOMMODATION') {
    if (field === 'startTime') return 'Check-in time';
    if (field === 'endTime') return 'Check-out time';
    if (field === 'location') return 'Address';
  }
  return FIELD_LABELS[field];
}

const FIELD_LABELS: Record<ItemField, string> = {
  title: 'Title',
  type: 'Type',
  activityDate: 'Date',
  startTime: 'Start time',
  endTime: 'End time',
  location: 'Location',
  notes: 'Notes',
  checkInDate: 'Check-in date',
  checkOutDate: 'Check-out date',
  departureTime: 'Departure time',
  arrivalTime: 'Arrival time',
  flightNumber: 'Flight number',
  hotelName: 'Hotel name',
  reservationNumber: 'Reservation number',
  returnDate: 'Return date',
  fromLocation: 'From',
  toLocation: 'To',
  timeZone: 'Time zone',
  arrivalTimeZone: 'Arrival time zone',
  returnDepartureTime: 'Return departure time',
  returnArrivalTime: 'Return arrival time',
  returnTimeZone: 'Return departure time zone',
  returnArrivalTimeZone: 'Return arrival time zone',
};

export interface TripDates {
  startDate: string | null;
  endDate: string | null;
}

/**
 * The problems of the item at once, one per field, in the form's order: the server's own
 * itinerary rules (api/src/itinerary/validation.ts, `itineraryItemProblems`) asked with the input
 * the form would send, each problem put on the field that shows it.
 */
export function checkItem(v: ItemValues, trip: TripDates): { field: ItemField; message: string }[] {
  const problems: { field: ItemField; message: string }[] = [];
  for (const e of itineraryItemProblems(toItemInput(v), trip).errors) {
    const field = formFieldOf(e.field, v.type);
    if (field && !problems.some((p) => p.field === field)) problems.push({ field, message: e.message });
  }
  return problems;
}

/** The input the mutations send: the fields this type shows, trimmed, blank as null; the rest null. */
export function toItemInput(v: ItemValues): ItemFieldsInput {
  const shown = new Set<ItemField>(['title', ...fieldsFor(v.type)]);
  const text = (field: Exclude<ItemField, 'location' | 'type'>) => {
    if (!shown.has(field)) return null;
    const value = v[field].trim();
    return value === '' ? null : value;
  };
  const place = shown.has('location') ? v.location : null;
  const placeText = place ? (place.description || [place.mainText, place.secondaryText].filter(Boolean).join(', ')).trim() : '';
  const located = place && placeText && place.latitude != null && place.longitude != null;
  return {
    type: v.type,
    title: text('title'),
    activityDate: text('activityDate'),
    startTime: text('startTime'),
    endTime: text('endTime'),
    location: placeText || null,
    latitude: located ? place.latitude! : null,
    longitude: located ? place.longitude! : null,
    notes: text('notes'),
    checkInDate: text('checkInDate'),
    checkOutDate: text('checkOutDate'),
    departureTime: text('departureTime'),
    arrivalTime: text('arrivalTime'),
    flightNumber: text('flightNumber'),
    hotelName: text('hotelName'),
    reservationNumber: text('reservationNumber'),
    returnDate: text('returnDate'),
    fromLocation: text('fromLocation'),
    toLocation: text('toLocation'),
    timeZone: text('timeZone'),
    arrivalTimeZone: text('arrivalTimeZone'),
    returnDepartureTime: text('returnDepartureTime'),
    returnArrivalTime: text('returnArrivalTime'),
    returnTimeZone: text('returnTimeZone'),
    returnArrivalTimeZone: text('returnArrivalTimeZone'),
  };
}

const FORM_FIELDS = new Set<string>([
  'title',
  'type',
  'activityDate',
  'startTime',
  'endTime',
  'location',
  'notes',
  'checkInDate',
  'checkOutDate',
  'departureTime',
  'arrivalTime',
  'flightNumber',
  'hotelName',
  'reservationNumber',
  'returnDate',
  'fromLocation',
  'toLocation',
  'timeZone',
  'arrivalTimeZone',
  'returnDepartureTime',
  'returnArrivalTime',
  'returnTimeZone',
  'returnArrivalTimeZone',
]);

/**
 * The form field a server-named input field belongs to: "item.checkOutDate" and "checkOutDate"
 * are the check-out field; coordinates belong to the location; a flight's derived start and
 * end times to its departure and arrival.
 */
export function formFieldOf(field: string, type: ItemType): ItemField | null {
  const name = field.split('.').pop() ?? field;
  if (name === 'latitude' || name === 'longitude') return 'location';
  if (type === 'FLIGHT' && name === 'startTime') return 'departureTime';
  if (type === 'FLIGHT' && name === 'endTime') return 'arrivalTime';
  if (type === 'ACCOMMODATION' && name === 'activityDate') return 'checkInDate';
  if (name === 'departureTimeZone') return 'timeZone';
  if (name === 'returnArrivalDate') return 'returnArrivalTime';
  return FORM_FIELDS.has(name) ? (name as ItemField) : null;
}
