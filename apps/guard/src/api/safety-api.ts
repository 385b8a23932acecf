import type { CheckInPlan, SosStateAnswer } from '@guard-tour/contract';
import { api } from './client';
import type { SafetySender } from '../lib/safety-queue';

/** SAFETY.md's calls of the phone: SOS, its state, 报平安 and the organisation's check-in setting. */
export function safetySenderFor(device_no: string): SafetySender {
  return {
    sos: (input) => api.safety.sos({ device_no, ...input }),
    checkIn: (input) => api.safety.checkIn({ device_no, ...input }),
  };
}

export const sosState = (alert_id: number): Promise<SosStateAnswer> => api.safety.sosState({ alert_id });
export const checkInPlan = (): Promise<CheckInPlan> => api.safety.checkInPlan();
