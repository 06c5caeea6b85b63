/**
 * At the device's first unsent item, persistent storage is asked for (issue 21): where the browser
 * keeps the data already, or grants the request, nothing is said; where it does not (Safari without
 * installing), the user is told to install the app or stay online.
 */
import { describe, expect, it, vi } from 'vitest';
import { secureStorageForUnsent } from '@client/pwa/storage';

function fakeStorage(persisted: boolean, grant: boolean) {
  return {
    persisted: vi.fn(async () => persisted),
    persist: vi.fn(async () => grant),
  };
}

describe('secureStorageForUnsent', () => {
  it('says nothing when storage is already persistent, and asks nothing', async () => {
    const storage = fakeStorage(true, false);
    expect(await secureStorageForUnsent(storage)).toBe(false);
    expect(storage.persist).not.toHaveBeenCalled();
  });

  it('asks for persistence at that moment and says nothing when it is granted', async () => {
    const storage = fakeStorage(false, true);
    expect(await secureStorageForUnsent(storage)).toBe(false);
    expect(storage.persist).toHaveBeenCalledOnce();
  });

  it('tells the user when the browser does not keep the data', async () => {
    const storage = fakeStorage(false, false);
    expect(await secureStorageForUnsent(storage)).toBe(true);
    expect(storage.persist).toHaveBeenCalledOnce();
  });

  it('says nothing where the browser has no storage API', async () => {
    expect(await secureStorageForUnsent(undefined)).toBe(false);
    expect(await secureStorageForUnsent({})).toBe(false);
  });
});
