import { describe, expect, it } from 'vitest';
import { LOCATION_MESSAGES } from '@couchdb/model/location-facts';
import { currentPosition, locationFromFix } from '@client/features/publish/current-position';

/** A phone's geolocation answering with `fix`, or failing with `code`, and the options it got. */
function phone(answer: { fix?: GeolocationCoordinates; code?: number }) {
  const asked: PositionOptions[] = [];
  const geolocation = {
    getCurrentPosition(
      ok: PositionCallback,
      fail: PositionErrorCallback,
      options: PositionOptions,
    ) {
      asked.push(options);
      if (answer.fix) ok({ coords: answer.fix, timestamp: 0 } as GeolocationPosition);
      else fail({ code: answer.code, message: 'x' } as GeolocationPositionError);
    },
  } as unknown as Geolocation;
  return { geolocation, asked };
}

const fix = (latitude: number, longitude: number, accuracy: number) =>
  ({ latitude, longitude, accuracy }) as GeolocationCoordinates;

describe('使用当前位置', () => {
  it('asks for a high-accuracy fresh fix with a timeout, and keeps it rounded to the metre', async () => {
    const { geolocation, asked } = phone({ fix: fix(24.67123456, 102.91234567, 14.6) });
    expect(await currentPosition(false, geolocation)).toEqual({
      ok: true,
      location: { latitude: 24.671235, longitude: 102.912346, accuracy_m: 15, public_exact: false },
    });
    expect(asked[0]).toMatchObject({ enableHighAccuracy: true, maximumAge: 0 });
    expect(asked[0]?.timeout).toBeGreaterThan(0);
  });

  it.each([
    [1, LOCATION_MESSAGES.denied],
    [2, LOCATION_MESSAGES.unavailable],
    [3, LOCATION_MESSAGES.timeout],
  ])('says why there is no position (error code %i)', async (code, message) => {
    expect(await currentPosition(false, phone({ code }).geolocation)).toEqual({
      ok: false,
      message,
    });
  });

  it('says so when the browser has no geolocation', async () => {
    expect(await currentPosition(false, undefined)).toEqual({
      ok: false,
      message: LOCATION_MESSAGES.unsupported,
    });
  });

  it('refuses a position outside the county, and one too vague to place a home', () => {
    expect(locationFromFix(fix(25.04, 102.71, 10), false)).toEqual({
      ok: false,
      message: LOCATION_MESSAGES.outsideCounty,
    });
    expect(locationFromFix(fix(24.67, 102.91, 20_000), false)).toMatchObject({ ok: false });
  });
});
