import { area } from '../call.js';

export const holdCalls = area('hold', {});
