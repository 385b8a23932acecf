import { calls } from '@guard-tour/contract';
import { routesOf } from '../../http/calls.js';
import { uploadPunches } from './punch-upload.service.js';

/** Terminals send their punches with the installation's upload key (checked by the auth hook), not a token. */
export const punchRoutes = routesOf(calls.punch, (ctx) => ({
  uploadPunches: ({ input }) => uploadPunches(ctx, input),
}));
