import { area } from '../call.js';

export const staffCalls = area('staff', {});
