import { area } from '../call.js';

export const roadCalls = area('road', {});
