import { area } from '../call.js';

export const cardCalls = area('card', {});
