import { describe, expect, it } from 'vitest';
import { isFormPath } from '../../web/src/pages/admin/guides/guideForm';

describe("the guide editor's input paths", () => {
  const values = { title: 'Porto', content: { quickFacts: { bestTime: '' }, hotels: [{ url: 'https://x' }], latitude: null } };

  it('knows the leaves the editor shows', () => {
    expect(isFormPath(values, 'title')).toBe(true);
    expect(isFormPath(values, 'content.quickFacts.bestTime')).toBe(true);
    expect(isFormPath(values, 'content.hotels.0.url')).toBe(true);
    expect(isFormPath(values, 'content.latitude')).toBe(true);
  });

  it('does not take a group, a missing row or another input for one of its fields', () => {
    expect(isFormPath(values, 'content.quickFacts')).toBe(false);
    expect(isFormPath(values, 'content.hotels.3.url')).toBe(false);
    expect(isFormPath(values, 'guideId')).toBe(false);
  });
});
