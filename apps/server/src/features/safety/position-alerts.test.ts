import fc from 'fast-check';
import { AlertKind, MAX_ACCURACY, MAX_RADIUS, MIN_RADIUS } from '@guard-tour/contract';
import { describe, expect, it } from 'vitest';
import { judgePlace, northOf } from '../../domain/position.js';
import { placeOf } from './position-alerts.service.js';

/**
 * What an uploaded app punch keeps of its position (SAFETY.md): the columns `placeOf` gives the punch row are the
 * pure rule's answer, the flag 位置异常 (kind 10) with it, and nothing at all for a punch without a position.
 */
describe('a punch’s position columns', () => {
  const point = fc.record({
    lat: fc.double({ min: -80, max: 80, noNaN: true }),
    lng: fc.double({ min: -180, max: 180, noNaN: true }),
  });
  const accuracy = fc.option(fc.double({ min: 0, max: MAX_ACCURACY, noNaN: true }), { nil: null });

  it('keeps the position, the rule’s whole-metre distance, and flag 10 exactly when the rule flags', () => {
    fc.assert(
      fc.property(
        point,
        fc.integer({ min: MIN_RADIUS, max: MAX_RADIUS }),
        accuracy,
        fc.double({ min: 0, max: 20_000, noNaN: true }),
        (at, radius, acc, metres) => {
          const position = { ...northOf(at, metres), accuracy: acc };
          const judged = judgePlace({ point: { ...at, radius }, punch: position });
          const columns = placeOf(position, { ...at, radius });
          expect(columns).toEqual({
            lat: position.lat,
            lng: position.lng,
            accuracy: acc,
            distance_m: judged.distance,
            ...(judged.flagged ? { flag: AlertKind.position } : {}),
          });
        },
      ),
    );
  });

  it('无定位: a punch without a position keeps no position columns and no flag, wherever its point is', () => {
    fc.assert(
      fc.property(point, fc.integer({ min: MIN_RADIUS, max: MAX_RADIUS }), (at, radius) => {
        expect(placeOf(undefined, { ...at, radius })).toEqual({});
        expect(placeOf(undefined, { lat: null, lng: null, radius })).toEqual({});
        expect(placeOf(undefined, undefined)).toEqual({});
      }),
    );
  });

  it('a point without a position (or an unknown card) gives no distance and no flag, the position kept', () => {
    fc.assert(
      fc.property(point, accuracy, (at, acc) => {
        const kept = { lat: at.lat, lng: at.lng, accuracy: acc, distance_m: null };
        expect(placeOf({ ...at, accuracy: acc }, { lat: null, lng: null, radius: 50 })).toEqual(kept);
        expect(placeOf({ ...at, accuracy: acc }, undefined)).toEqual(kept);
      }),
    );
  });

  it('a punch 300 m from a 50 m point reporting ±10 m is flagged; at 60 m it is not', () => {
    const at = { lat: 31.2304, lng: 121.4737 };
    expect(placeOf({ ...northOf(at, 300), accuracy: 10 }, { ...at, radius: 50 })).toMatchObject({
      distance_m: 300,
      flag: AlertKind.position,
    });
    expect(placeOf({ ...northOf(at, 60), accuracy: 10 }, { ...at, radius: 50 })).not.toHaveProperty('flag');
  });
});
