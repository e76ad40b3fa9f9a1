import { describe, expect, it } from 'vitest';
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
