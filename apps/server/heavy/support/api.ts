import type { Envelope } from '@guard-tour/contract';
import { envelopeOf, exchange } from './http.js';

export const API = '/proxyserver/api';
/** The first admin's password every heavy test's server gets (ADMIN_PASSWORD). */
export const ADMIN_PASSWORD = 'Heavy-admin-2026';

/** The console's calls as an account makes them, against one server or proxy (`base` = `http://host:port`). */
export class ConsoleClient {
  constructor(
    readonly base: string,
    public token = '',
    /** Extra headers on every call (X-Forwarded-For in the lock-out test). */
    private readonly headers: Record<string, string> = {},
    private readonly localAddress?: string,
  ) {}

  async call<T>(method: 'GET' | 'POST', path: string, body?: object): Promise<Envelope<T>> {
    const answer = await exchange({
      method,
      url: `${this.base}${API}${path}`,
      body: method === 'POST' ? (body ?? {}) : undefined,
      headers: { ...this.headers, ...(this.token ? { authorization: `Bearer ${this.token}` } : {}) },
      localAddress: this.localAddress,
    });
    return envelopeOf<T>(answer);
  }

  /** The call's data; throws with the code and message when it is refused. */
  async data<T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
    const reply = await this.call<T>(method, path, body);
    if (reply.code !== 200) throw new Error(`${path} answered ${reply.code} ${reply.msg}`);
    return reply.data;
  }

  login(userName: string, password: string): Promise<Envelope<{ token: string } | null>> {
    return this.call<{ token: string } | null>('POST', '/UserInfo/Login_Web', {
      user_name: userName,
      user_password: password,
    });
  }

  /** Logs in and keeps the token for the calls that follow. */
  async logIn(userName = 'admin', password = ADMIN_PASSWORD): Promise<this> {
    const reply = await this.login(userName, password);
    if (reply.code !== 200 || !reply.data) throw new Error(`login of ${userName} answered ${reply.code} ${reply.msg}`);
    this.token = reply.data.token;
    return this;
  }

  /** Registers a patrol terminal under organisation 1. */
  async registerDevice(deviceNo: string): Promise<void> {
    await this.data('POST', '/DeviceInfo/SaveDeviceInfo', {
      object_id: 0,
      hold_id: 1,
      device_no: deviceNo,
      object_type: 1,
      object_name: `终端 ${deviceNo}`,
      IMEI: deviceNo,
      SIM: '',
      ICCID: '',
      remark: '',
    });
  }

  /** Creates an account under organisation 1. */
  async createAccount(userName: string, password: string): Promise<void> {
    await this.data('POST', '/HoldInfo/SaveAccount', {
      user_id: 0,
      hold_id: 1,
      user_name: userName,
      user_password: password,
      true_name: userName,
      remark: '',
    });
  }
}
