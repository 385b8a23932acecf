import { area } from '../call.js';

export const dashboardCalls = area('dashboard', {});
