import { area } from '../call.js';

export const authCalls = area('auth', {});
