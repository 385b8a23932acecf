import { area } from '../call.js';

export const recordCalls = area('record', {});
