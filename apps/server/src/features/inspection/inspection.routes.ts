import { calls } from '@guard-tour/contract';
import { routesOf } from '../../http/calls.js';
import { punchAnswers } from './answers.service.js';
import * as checklists from './checklist.service.js';
import * as hazards from './hazard.service.js';

export const checklistRoutes = routesOf(calls.checklist, (ctx) => ({
  listChecklists: ({ scope, input }) => checklists.listChecklists(ctx, scope, input),
  checklistDetail: ({ scope, input }) => checklists.checklistDetail(ctx, scope, input.checklist_id),
  saveChecklist: ({ scope, input }) => checklists.saveChecklist(ctx, scope, input),
  setPointsChecklist: async ({ scope, input }) => {
    await checklists.setPointsChecklist(ctx, scope, input);
    return null;
  },
  removeChecklists: async ({ scope, input }) => {
    await checklists.removeChecklists(ctx, scope, input);
    return null;
  },
}));

export const hazardRoutes = routesOf(calls.hazard, (ctx) => ({
  inspectionAnswers: ({ scope, input }) => punchAnswers(ctx, scope, input.punch_id),
  listHazards: ({ scope, input }) => hazards.listHazards(ctx, scope, input),
  hazardDetail: ({ scope, input }) => hazards.hazardDetail(ctx, scope, input.hazard_id),
  assignHazard: async ({ scope, input }) => {
    await hazards.assignHazard(ctx, scope, input);
    return null;
  },
  ignoreHazard: async ({ scope, input }) => {
    await hazards.ignoreHazard(ctx, scope, input);
    return null;
  },
  fixHazard: async ({ scope, input }) => {
    await hazards.fixHazard(ctx, scope, input);
    return null;
  },
  verifyHazard: async ({ scope, input }) => {
    await hazards.verifyHazard(ctx, scope, input);
    return null;
  },
  rejectHazard: async ({ scope, input }) => {
    await hazards.rejectHazard(ctx, scope, input);
    return null;
  },
  myHazards: ({ scope }) => hazards.myHazards(ctx, scope),
  hazardStats: ({ scope, input }) => hazards.hazardStats(ctx, scope, input),
  exportHazards: ({ scope, input }) => hazards.exportHazards(ctx, scope, input),
}));
