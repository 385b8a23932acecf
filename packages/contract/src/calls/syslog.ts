import { area } from '../call.js';

export const syslogCalls = area('syslog', {});
