import fc from 'fast-check';
import { MAX_ACCURACY, MAX_RADIUS, MIN_RADIUS } from '@guard-tour/contract';
import { describe, expect, it } from 'vitest';
import { distanceMeters, judgePlace, median, medianPosition, northOf, type LatLng } from './position.js';

const place = { lat: 31.2304, lng: 121.4737 };

/** Points anywhere a guard walks (the poles' longitudes are left out: "north of" is undefined there). */
const anyPoint: fc.Arbitrary<LatLng> = fc.record({
  lat: fc.double({ min: -80, max: 80, noNaN: true }),
  lng: fc.double({ min: -180, max: 180, noNaN: true }),
});
const anyRadius = fc.integer({ min: MIN_RADIUS, max: MAX_RADIUS });
/** What a phone may report: an accuracy in metres within the contract's range, or none. */
const anyAccuracy = fc.option(fc.double({ min: 0, max: MAX_ACCURACY, noNaN: true }), { nil: null });

/** A punch `metres` north of a point of `radius`, with `accuracy`. */
const judgeAt = (point: LatLng, radius: number, metres: number, accuracy: number | null) =>
  judgePlace({ point: { ...point, radius }, punch: { ...northOf(point, metres), accuracy } });

describe('the distance between two positions', () => {
  it('measures 300 m north as 300 m, and one degree of latitude as about 111 km', () => {
    expect(distanceMeters(place, northOf(place, 300))).toBeCloseTo(300, 3);
    expect(distanceMeters({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(111_195, -1);
  });

  it('is 0 from a position to itself, the same both ways, and never negative', () => {
    fc.assert(
      fc.property(anyPoint, anyPoint, (a, b) => {
        expect(distanceMeters(a, a)).toBe(0);
        expect(distanceMeters(a, b)).toBeGreaterThanOrEqual(0);
        expect(distanceMeters(a, b)).toBeCloseTo(distanceMeters(b, a), 6);
      }),
    );
  });

  it('measures a position n metres north as n metres wherever the point is (to a millimetre)', () => {
    fc.assert(
      fc.property(anyPoint, fc.double({ min: 0, max: 50_000, noNaN: true }), (point, metres) => {
        expect(Math.abs(distanceMeters(point, northOf(point, metres)) - metres)).toBeLessThan(0.001);
      }),
    );
  });

  it('goes no shorter than a straight walk through a third position allows (the triangle inequality)', () => {
    // Within a site's reach (tens of kilometres; near-antipodal pairs lose the haversine's last digits).
    const near = (a: LatLng) =>
      fc
        .record({
          dLat: fc.double({ min: -0.5, max: 0.5, noNaN: true }),
          dLng: fc.double({ min: -0.5, max: 0.5, noNaN: true }),
        })
        .map(({ dLat, dLng }) => ({ lat: a.lat + dLat, lng: a.lng + dLng }));
    const triple = anyPoint.chain((a) => fc.tuple(fc.constant(a), near(a), near(a)));
    fc.assert(
      fc.property(triple, ([a, b, c]) => {
        expect(distanceMeters(a, c)).toBeLessThanOrEqual(distanceMeters(a, b) + distanceMeters(b, c) + 1e-6);
      }),
    );
  });
});

describe('位置异常: farther from the point than its radius plus the punch’s accuracy', () => {
  it('flags exactly the punches whose whole-metre distance passes radius + accuracy (none counts as 0)', () => {
    fc.assert(
      fc.property(
        anyPoint,
        anyRadius,
        anyAccuracy,
        fc.double({ min: 0, max: 20_000, noNaN: true }),
        (point, radius, accuracy, metres) => {
          const judged = judgeAt(point, radius, metres, accuracy);
          expect(judged.distance).toBe(Math.round(distanceMeters(point, northOf(point, metres))));
          expect(Math.abs(judged.distance! - metres)).toBeLessThanOrEqual(0.5 + 0.001);
          expect(judged.flagged).toBe(judged.distance! > radius + (accuracy ?? 0));
        },
      ),
    );
  });

  it('never flags a punch at the radius, and flags one a metre beyond it (no accuracy reported)', () => {
    fc.assert(
      fc.property(anyPoint, anyRadius, (point, radius) => {
        expect(judgeAt(point, radius, radius, null)).toEqual({ distance: radius, flagged: false });
        expect(judgeAt(point, radius, radius - 1, null)).toEqual({ distance: radius - 1, flagged: false });
        expect(judgeAt(point, radius, radius + 1, null)).toEqual({ distance: radius + 1, flagged: true });
        // Within the rounding of the shown metre: 距点 N 米 with N = radius is never flagged.
        expect(judgeAt(point, radius, radius + 0.49, null).flagged).toBe(false);
        expect(judgeAt(point, radius, radius + 0.51, null).flagged).toBe(true);
      }),
    );
  });

  it('never flags a punch at radius + accuracy, and flags one a metre beyond it', () => {
    fc.assert(
      fc.property(anyPoint, anyRadius, fc.integer({ min: 0, max: 5_000 }), (point, radius, accuracy) => {
        const edge = radius + accuracy;
        expect(judgeAt(point, radius, edge, accuracy)).toEqual({ distance: edge, flagged: false });
        expect(judgeAt(point, radius, edge + 1, accuracy)).toEqual({ distance: edge + 1, flagged: true });
        // Without its accuracy the same punch is flagged as soon as it is past the radius.
        if (accuracy > 0) expect(judgeAt(point, radius, edge, null).flagged).toBe(true);
      }),
    );
  });

  it('reads a fractional accuracy as it is: radius 50 ± 12.5 allows 62 m, not 63 m', () => {
    expect(judgeAt(place, 50, 62, 12.5)).toEqual({ distance: 62, flagged: false });
    expect(judgeAt(place, 50, 63, 12.5)).toEqual({ distance: 63, flagged: true });
  });

  it('a missing accuracy counts as 0: 60 m from a 50 m point is flagged', () => {
    expect(judgeAt(place, 50, 60, null)).toEqual({ distance: 60, flagged: true });
    fc.assert(
      fc.property(anyPoint, anyRadius, fc.double({ min: 0, max: 20_000, noNaN: true }), (point, radius, metres) => {
        expect(judgeAt(point, radius, metres, null)).toEqual(judgeAt(point, radius, metres, 0));
      }),
    );
  });

  it('a worse accuracy or a nearer punch never turns a punch 位置异常', () => {
    fc.assert(
      fc.property(
        anyPoint,
        anyRadius,
        fc.double({ min: 0, max: 1_000, noNaN: true }),
        fc.double({ min: 0, max: 1_000, noNaN: true }),
        fc.double({ min: 0, max: 20_000, noNaN: true }),
        fc.double({ min: 0, max: 20_000, noNaN: true }),
        (point, radius, accuracyA, accuracyB, metresA, metresB) => {
          const [better, worse] = accuracyA <= accuracyB ? [accuracyA, accuracyB] : [accuracyB, accuracyA];
          const [near, far] = metresA <= metresB ? [metresA, metresB] : [metresB, metresA];
          if (!judgeAt(point, radius, far, better).flagged) {
            expect(judgeAt(point, radius, near, better).flagged).toBe(false);
            expect(judgeAt(point, radius, far, worse).flagged).toBe(false);
          }
        },
      ),
    );
  });

  it('无定位: a punch without a position, or a point without one, has no distance and is never flagged', () => {
    fc.assert(
      fc.property(anyPoint, anyRadius, anyAccuracy, (point, radius, accuracy) => {
        const none = { distance: null, flagged: false };
        expect(judgePlace({ point: { ...point, radius }, punch: null })).toEqual(none);
        expect(judgePlace({ point: null, punch: { ...point, accuracy } })).toEqual(none);
        expect(judgePlace({ point: null, punch: null })).toEqual(none);
      }),
    );
  });
});

describe('从打卡学习', () => {
  it('learns the median position, which one wild sample does not move', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    const samples = [0, 1, 2, 3, 4].map((m) => northOf(place, m));
    const learnt = medianPosition([...samples, northOf(place, 50_000)]);
    expect(distanceMeters(learnt, place)).toBeLessThan(4);
  });
});
