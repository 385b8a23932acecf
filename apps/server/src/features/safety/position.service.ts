import { LEARN_MIN_SAMPLES, LEARN_SAMPLES, safetyMessages, type LearnedPosition } from '@guard-tour/contract';
import type { AppContext } from '../../context.js';
import { medianPosition } from '../../domain/position.js';
import { conflict, notFound } from '../../errors.js';
import type { Scope } from '../scope.js';
import * as repo from './safety.repository.js';

/**
 * 从打卡学习 (SAFETY.md): the median position of the point's last 20 app punches with an accuracy of 50 m or
 * better; fewer than 5 → 409 定位样本不足. Nothing is saved: 巡检点管理 fills the form with it.
 */
export async function learnPosition(ctx: AppContext, scope: Scope, patrolId: number): Promise<LearnedPosition> {
  const card = await repo.cardWithPath(ctx.db, patrolId);
  if (!card || !scope.covers(card.path)) throw notFound();
  const samples = await repo.positionSamples(ctx.db, patrolId, LEARN_SAMPLES);
  if (samples.length < LEARN_MIN_SAMPLES) throw conflict(safetyMessages.fewSamples);
  const { lat, lng } = medianPosition(samples);
  return { lat: Number(lat.toFixed(7)), lng: Number(lng.toFixed(7)), samples: samples.length };
}
