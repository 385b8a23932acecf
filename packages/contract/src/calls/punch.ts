import { area } from '../call.js';

export const punchCalls = area('punch', {});
