import { area } from '../call.js';

export const taskCalls = area('task', {});
