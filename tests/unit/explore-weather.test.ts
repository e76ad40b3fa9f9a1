import { describe, expect, it } from 'vitest';
import { DESTINATIONS, usualWeather } from '../../api/src/explore/destinations.js';

describe("a destination's usual weather", () => {
  it('comes from twelve monthly normals per destination, highs above lows', () => {
    for (const d of DESTINATIONS) {
      expect(d.climate.highsC).toHaveLength(12);
      expect(d.climate.lowsC).toHaveLength(12);
      d.climate.highsC.forEach((high, m) => expect(high).toBeGreaterThan(d.climate.lowsC[m]!));
    }
  });

  it('changes with the month and the hemisphere (not one fixed "22°C, Sunny")', () => {
    const barcelona = DESTINATIONS.find((d) => d.id === 'barcelona')!.climate;
    const queenstown = DESTINATIONS.find((d) => d.id === 'new-zealand')!.climate;
    expect(usualWeather(barcelona, 0)).toMatchObject({ month: 'January', high: 15, low: 6, feel: 'cool' });
    expect(usualWeather(barcelona, 7)).toMatchObject({ month: 'August', high: 30, feel: 'hot' });
    expect(usualWeather(queenstown, 6).feel).toBe('cold');
    expect(usualWeather(queenstown, 0).feel).toBe('mild');
    expect(usualWeather(barcelona, 12).month).toBe('January');
    expect(usualWeather(barcelona, 0).summary).toBe('January: usually 15°C by day, 6°C at night (cool)');
  });
});
