import type { DutyAnswer } from '@guard-tour/contract';
import { api } from '../api/client';
import { needsRegistration, registerApp } from '../api/guard-api';
import { appId, deviceNo, setDeviceNo } from '../lib/app-id';
import { localTime } from '../lib/local-time';
import { currentPosition } from '../lib/position';

/**
 * 上岗 / 下岗 (SHIFTS.md): the phone's time and, where the guard allows it, its position, for the shift the account is
 * rostered on; 409 今天没有排班 when none. A session that has not registered this phone registers it and tries again.
 */
export async function tapDuty(kind: 'on' | 'off'): Promise<DutyAnswer> {
  const time = localTime();
  const position = await currentPosition(3_000);
  const send = async () => {
    let device = deviceNo();
    if (!device) {
      device = (await registerApp(appId())).device_no;
      setDeviceNo(device);
    }
    const input = { device_no: device, time, ...(position ? { lat: position.lat, lng: position.lng } : {}) };
    return kind === 'on' ? api.shift.onDuty(input) : api.shift.offDuty(input);
  };
  try {
    return await send();
  } catch (error) {
    if (!needsRegistration(error)) throw error;
    setDeviceNo((await registerApp(appId())).device_no);
    return send();
  }
}
