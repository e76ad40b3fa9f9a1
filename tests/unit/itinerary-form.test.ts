import { describe, expect, it } from 'vitest';
import { ItineraryMessages as M } from '../../api/src/itinerary/messages.js';
import { BudgetMessages } from '../../api/src/trips/messages.js';
import { budgetTooLarge } from '../../api/src/trips/budgetRule.js';
import { parseBudgetAmount } from '../../web/src/pages/itinerary/budget.js';
import { checkItem, emptyItemValues, fieldsFor, formFieldOf, itemValuesOf, toItemInput } from '../../web/src/pages/itinerary/itemForm.js';

const trip = { startDate: '2026-06-01', endDate: '2026-06-10' };

describe('the Add/Edit Item form', () => {
  it('asks each type for its own fields', () => {
    expect(fieldsFor('FLIGHT')).toEqual(
      expect.arrayContaining(['flightNumber', 'fromLocation', 'toLocation', 'departureTime', 'arrivalTime', 'activityDate', 'returnDate']),
    );
    expect(fieldsFor('FLIGHT')).not.toContain('location');
    expect(fieldsFor('ACCOMMODATION')).toEqual(expect.arrayContaining(['hotelName', 'checkInDate', 'checkOutDate', 'reservationNumber']));
    expect(fieldsFor('ACCOMMODATION')).not.toContain('activityDate');
    for (const type of ['ACTIVITY', 'RESTAURANT', 'EVENT', 'OTHER', 'TRANSPORT'] as const) {
      expect(fieldsFor(type)).toEqual(expect.arrayContaining(['activityDate', 'startTime', 'endTime', 'location', 'notes']));
    }
  });

  it("shows every problem it can see at once, with the specification's words", () => {
    const activity = { ...emptyItemValues('ACTIVITY'), activityDate: '2026-05-30' };
    expect(checkItem(activity, trip)).toEqual([
      { field: 'title', message: M.titleRequired },
      { field: 'activityDate', message: 'Activity date cannot be before trip start date (2026-06-01)' },
    ]);
    const flight = { ...emptyItemValues('FLIGHT'), activityDate: '2026-06-05', returnDate: '2026-06-03' };
    expect(checkItem(flight, trip)).toEqual([{ field: 'returnDate', message: M.returnBeforeDeparture }]);
    const stay = { ...emptyItemValues('ACCOMMODATION'), checkInDate: '2026-06-04', checkOutDate: '2026-06-02' };
    expect(checkItem(stay, trip)).toEqual([{ field: 'checkOutDate', message: M.checkOutBeforeCheckIn }]);
    const late = { ...emptyItemValues('ACCOMMODATION'), checkInDate: '2026-06-04', checkOutDate: '2026-06-12' };
    expect(checkItem(late, trip)).toEqual([{ field: 'checkOutDate', message: 'Check-out date cannot be after trip end date (2026-06-10)' }]);
    expect(checkItem({ ...emptyItemValues('ACTIVITY'), title: 'Tiles museum', activityDate: '2026-06-02' }, trip)).toEqual([]);
    expect(checkItem({ ...emptyItemValues('ACTIVITY'), title: 'Undated trip' }, { startDate: null, endDate: null })).toEqual([]);
  });

  it("sends only the chosen type's fields, blank ones as null, and a picked place with its coordinates", () => {
    const values = {
      ...emptyItemValues('RESTAURANT'),
      title: '  Dinner ',
      activityDate: '2026-06-02',
      startTime: '20:00',
      flightNumber: 'TP 1', // typed before switching type: not sent
      location: { mainText: 'Lisbon', secondaryText: 'Portugal', description: 'Lisbon, Portugal', latitude: 38.7, longitude: -9.1 },
    };
    expect(toItemInput(values)).toMatchObject({
      type: 'RESTAURANT',
      title: 'Dinner',
      activityDate: '2026-06-02',
      startTime: '20:00',
      endTime: null,
      flightNumber: null,
      location: 'Lisbon, Portugal',
      latitude: 38.7,
      longitude: -9.1,
      notes: null,
    });
    // Typed without picking: a name without coordinates.
    expect(toItemInput({ ...values, location: { mainText: 'The corner bar' } })).toMatchObject({ location: 'The corner bar', latitude: null, longitude: null });
  });

  it('reads an item back and puts server field errors on the fields they concern', () => {
    const values = itemValuesOf({ type: 'FLIGHT', title: 'TP 1', flightNumber: 'TP 1', activityDate: '2026-06-02', location: null });
    expect(values).toMatchObject({ flightNumber: 'TP 1', activityDate: '2026-06-02', location: null, notes: '' });
    expect(formFieldOf('item.checkOutDate', 'ACCOMMODATION')).toBe('checkOutDate');
    expect(formFieldOf('latitude', 'ACTIVITY')).toBe('location');
    expect(formFieldOf('startTime', 'FLIGHT')).toBe('departureTime');
    expect(formFieldOf('tripId', 'ACTIVITY')).toBeNull();
  });
});

describe('the budget form', () => {
  it('takes a number of at least 0 with cents at most, as decimal text', () => {
    expect(parseBudgetAmount('1500.5', 'USD')).toEqual({ ok: true, amount: '1500.50' });
    expect(parseBudgetAmount(' 0 ', 'USD')).toEqual({ ok: true, amount: '0.00' });
    for (const bad of ['', '-5', 'abc', '1.234', '1e3', '1,5'])
      expect(parseBudgetAmount(bad, 'USD'), bad).toEqual({ ok: false, message: BudgetMessages.invalidAmount });
    expect(parseBudgetAmount('10000000.01', 'USD')).toEqual({ ok: false, message: budgetTooLarge('USD') });
  });
});
