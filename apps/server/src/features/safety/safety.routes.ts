import { calls } from '@guard-tour/contract';
import { routesOf } from '../../http/calls.js';
import { respondAlert } from '../alert/alert.service.js';
import { checkIn, checkInPlan } from './check-in.service.js';
import { learnPosition } from './position.service.js';
import { sendSos, sosState } from './sos.service.js';

export const safetyRoutes = routesOf(calls.safety, (ctx) => ({
  sos: ({ scope, input }) => sendSos(ctx, scope, input),
  sosState: ({ scope, input }) => sosState(ctx, scope, input.alert_id),
  checkIn: ({ scope, input }) => checkIn(ctx, scope, input),
  checkInPlan: ({ scope }) => checkInPlan(ctx, scope),
  respond: ({ scope, input }) => respondAlert(ctx, scope, input.alert_id),
  learnPosition: ({ scope, input }) => learnPosition(ctx, scope, input.patrol_id),
}));
