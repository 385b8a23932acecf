import { alertMessages, MAX_OFFLINE_HOURS } from '@guard-tour/contract';

/** 终端离线's hours: a whole number from 1 to 720, else the contract's message. */
export function offlineHoursError(hours: number | null | undefined): string | null {
  if (typeof hours !== 'number' || !Number.isInteger(hours) || hours < 1 || hours > MAX_OFFLINE_HOURS) {
    return alertMessages.badOfflineHours;
  }
  return null;
}
