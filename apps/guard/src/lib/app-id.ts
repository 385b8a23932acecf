import { APP_DEVICE_PREFIX } from '@guard-tour/contract';

/** The phone's own id, made once and kept: the server's device is `APP-` + this id upper-cased. */
const APP_ID_KEY = 'gt.guard.appId';
const DEVICE_KEY = 'gt.guard.deviceNo';
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function newAppId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  return Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]).join('');
}

export function appId(storage: Storage = localStorage): string {
  let id = storage.getItem(APP_ID_KEY);
  if (!id || !/^[A-Za-z0-9_-]{16,28}$/.test(id)) {
    id = newAppId();
    storage.setItem(APP_ID_KEY, id);
  }
  return id;
}

/** The device number the server gave this phone (kept for uploads while offline). */
export function deviceNo(storage: Storage = localStorage): string | null {
  return storage.getItem(DEVICE_KEY);
}

export function setDeviceNo(value: string | null, storage: Storage = localStorage): void {
  if (value) storage.setItem(DEVICE_KEY, value);
  else storage.removeItem(DEVICE_KEY);
}

/** What the device number will be, before the server answered. */
export const expectedDeviceNo = (id: string) => `${APP_DEVICE_PREFIX}${id.toUpperCase()}`;
