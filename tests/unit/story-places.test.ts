import { describe, expect, it } from 'vitest';
import { slugify } from '../../api/src/stories/messages.js';
import { placeItemType } from '../../web/src/pages/stories/editorModel.js';

describe("a story's place on a trip's plan", () => {
  it('is a stay when its section is about where the author stayed, else an activity', () => {
    expect(placeItemType('Where I Stayed')).toBe('ACCOMMODATION');
    expect(placeItemType('Hotels we loved')).toBe('ACCOMMODATION');
    expect(placeItemType('Where to stay')).toBe('ACCOMMODATION');
    expect(placeItemType('Top Attractions')).toBe('ACTIVITY');
    expect(placeItemType('Staycation ideas')).toBe('ACTIVITY');
    expect(placeItemType(null)).toBe('ACTIVITY');
  });
});

describe("a story's address", () => {
  it('writes accented letters plain before the slug rule, and never looks like an id', () => {
    expect(slugify('Pastéis de Belém')).toBe('pasteis-de-belem');
    expect(slugify('Straße nach Øresund, Łódź & Æbeltoft')).toBe('strasse-nach-oresund-lodz-aebeltoft');
    expect(slugify('東京')).toBe('story');
    expect(slugify('3f2c1a9e-0d4b-4c2a-9a55-6e0b8d7c1f22')).toBe('story-3f2c1a9e-0d4b-4c2a-9a55-6e0b8d7c1f22');
  });
});
