import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distanceMeters, judgePlace, median, medianPosition, northOf } from './position.js';

const place = { lat: 31.2304, lng: 121.4737 };

describe('where a punch was made', () => {
  it('measures 300 m north as 300 m, and one degree of latitude as about 111 km', () => {
    expect(distanceMeters(place, northOf(place, 300))).toBeCloseTo(300, 3);
    expect(distanceMeters({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(111_195, -1);
  });

  it('flags a punch farther than the radius plus its accuracy, and never one inside it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10, max: 5_000 }),
        fc.double({ min: 0, max: 500, noNaN: true }),
        fc.double({ min: 0, max: 20_000, noNaN: true }),
        (radius, accuracy, metres) => {
          const judged = judgePlace({
            point: { ...place, radius },
            punch: { ...northOf(place, metres), accuracy },
          });
          const allowed = radius + accuracy;
          if (metres > allowed + 0.01) expect(judged.flagged).toBe(true);
          if (metres < allowed - 0.01) expect(judged.flagged).toBe(false);
          expect(Math.abs((judged.distance ?? -1) - metres)).toBeLessThanOrEqual(1);
        },
      ),
    );
  });

  it('a punch without a position, or a point without one, has no distance and is not flagged', () => {
    expect(judgePlace({ point: { ...place, radius: 50 }, punch: null })).toEqual({ distance: null, flagged: false });
    expect(judgePlace({ point: null, punch: { ...place, accuracy: 5 } })).toEqual({ distance: null, flagged: false });
  });

  it('a missing accuracy counts as none: 60 m from a 50 m point is flagged', () => {
    expect(
      judgePlace({ point: { ...place, radius: 50 }, punch: { ...northOf(place, 60), accuracy: null } }).flagged,
    ).toBe(true);
  });

  it('learns the median position, which one wild sample does not move', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    const samples = [0, 1, 2, 3, 4].map((m) => northOf(place, m));
    const learnt = medianPosition([...samples, northOf(place, 50_000)]);
    expect(distanceMeters(learnt, place)).toBeLessThan(4);
  });
});
