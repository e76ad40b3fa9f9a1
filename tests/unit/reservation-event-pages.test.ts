import { describe, expect, it } from 'vitest';
import { fromMarkup } from '../../api/src/reservations/parsing/markup.js';

/** An event's own page, forwarded by someone going: its schema.org Event is the booking. */
describe('event pages', () => {
  const event = (name: string, start: string) => ({
    '@type': 'MusicEvent',
    name,
    startDate: start,
    location: {
      '@type': 'Place',
      name: 'Sala Apolo',
      address: { '@type': 'PostalAddress', streetAddress: 'Carrer Nou de la Rambla 113', addressLocality: 'Barcelona' },
    },
  });
  const page = (...items: object[]) =>
    `<html><head><script type="application/ld+json">${JSON.stringify(items.map((i) => ({ '@context': 'https://schema.org', ...i })))}</script></head></html>`;

  it('reads a page’s event as an entertainment booking', () => {
    expect(fromMarkup(page(event('Night of the Harp', '2031-10-04T21:00:00')))).toMatchObject([
      {
        type: 'ENTERTAINMENT',
        title: 'Night of the Harp',
        date: '2031-10-04',
        time: '21:00',
        location: expect.stringContaining('Carrer Nou de la Rambla 113'),
      },
    ]);
  });

  it('reads microdata events that are not inside a reservation', () => {
    const html = `<div itemscope itemtype="http://schema.org/Event"><h1 itemprop="name">Open Source Summit</h1>
      <meta itemprop="startDate" content="2031-09-15"><meta itemprop="endDate" content="2031-09-17">
      <div itemprop="location" itemscope itemtype="http://schema.org/Place"><span itemprop="name">Palau de Congressos</span></div></div>`;
    expect(fromMarkup(html)).toMatchObject([
      { title: 'Open Source Summit', date: '2031-09-15', endDate: '2031-09-17', location: expect.stringContaining('Palau de Congressos') },
    ]);
  });

  it('leaves a programme of many events, and events beside a reservation, alone', () => {
    const many = page(event('One', '2031-10-04T21:00:00'), event('Two', '2031-10-05T21:00:00'), event('Three', '2031-10-06T21:00:00'));
    expect(fromMarkup(many)).toEqual([]);
    const booked = page(
      { '@type': 'EventReservation', reservationNumber: 'T-1', reservationFor: event('Booked', '2031-10-04T21:00:00') },
      event('Also on', '2031-11-01T20:00:00'),
    );
    expect(fromMarkup(booked).map((r) => r.title)).toEqual(['Booked']);
  });
});
