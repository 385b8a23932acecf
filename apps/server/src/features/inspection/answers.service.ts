import { AlertKind, HazardLevel, HazardState, type AnswerRow } from '@guard-tour/contract';
import { inspectionRefusals } from '../../domain/inspection-messages.js';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/client.js';
import { answerText, type StoredAnswer } from '../../domain/inspection-answers.js';
import { notFound } from '../../errors.js';
import type { Scope } from '../scope.js';
import { raiseAlerts } from '../alert/alert.service.js';
import * as answersRepo from './answers.repository.js';
import * as hazards from './hazard.repository.js';

export { checklistsByCard } from './answers.repository.js';

/** A stored punch of a batch with the answers it carried. */
export interface AnsweredPunch {
  patrolSn: string;
  at: Date;
  answers: StoredAnswer[];
}

/**
 * In the upload's transaction: the answers of the punches just stored (each with its item as it was), and for
 * each abnormal answer a hazard, or one more occurrence of the open hazard of its point and item; a new hazard
 * raises 巡检异常 at once (its history's first line is the finding).
 */
export async function storeAnswers(
  tx: Queryable,
  deviceNo: string,
  punches: readonly AnsweredPunch[],
  who: { name: string; userId: number },
  now: Date,
): Promise<void> {
  const answered = punches.filter((p) => p.answers.length > 0);
  if (answered.length === 0) return;
  const refs = await answersRepo.punchRefs(
    tx,
    deviceNo,
    answered.map((p) => ({ patrol_sn: p.patrolSn, punch_time: p.at.toISOString() })),
  );
  const refOf = new Map(refs.map((r) => [`${r.patrol_sn}|${r.punch_time}`, r]));
  const rows = [];
  const found: hazards.FoundHazard[] = [];
  for (const p of answered) {
    const ref = refOf.get(`${p.patrolSn}|${p.at.toISOString()}`);
    if (!ref) continue;
    // The finding punch's photos (INSPECTION.md: the punch's time, guard and photos): its 拍照 items' and its 事件上报's.
    const punchPhotos = [...p.answers.flatMap((a) => a.photo_ids), ...ref.photo_ids];
    for (const answer of p.answers) {
      rows.push({
        ...answer,
        punch_id: ref.punch_id,
        device_no: deviceNo,
        patrol_sn: p.patrolSn,
        punch_time: ref.punch_time,
        hold_id: ref.hold_id,
      });
      if (!answer.abnormal || ref.patrol_id === null) continue;
      found.push({
        hold_id: ref.hold_id,
        patrol_id: ref.patrol_id,
        patrol_name: ref.patrol_name,
        patrol_sn: p.patrolSn,
        item_id: answer.item_id,
        item_text: answer.item_text,
        answer: answerText(answer),
        level: answer.critical ? HazardLevel.severe : HazardLevel.normal,
        found_time: ref.punch_time,
        found_by: who.name,
        punch_id: ref.punch_id,
        photo_ids: [...new Set(punchPhotos)],
      });
    }
  }
  await answersRepo.insertAnswers(tx, rows);
  const made = await hazards.fileHazards(tx, found);
  await hazards.addHistory(
    tx,
    made.map((h) => ({
      hazard_id: h.hazard_id,
      time: new Date(h.found_time),
      actor: h.found_by,
      actor_id: who.userId,
      from_state: null,
      to_state: HazardState.pending,
      note: `发现隐患：${h.item_text}（${h.answer}）`,
      photo_ids: h.photo_ids,
    })),
  );
  await raiseAlerts(
    tx,
    made.map((h) => ({
      kind: AlertKind.inspection,
      subject: `hazard:${h.hazard_id}`,
      hold_id: h.hold_id,
      device_no: deviceNo,
      patrol_sn: h.patrol_sn,
      detail: `巡检点 ${h.patrol_name || h.patrol_sn}（${h.patrol_sn}）检查项「${h.item_text}」异常：${h.answer}（${h.found_by}）`,
    })),
    now,
  );
}

/** `Inspection/Answers`: a punch's answers as given (the item as it was); none for a punch without answers. */
export async function punchAnswers(ctx: AppContext, scope: Scope, punchId: number): Promise<AnswerRow[]> {
  const rows = await answersRepo.answersOf(ctx.db, punchId);
  if (rows.length > 0 && !scope.covers(rows[0]!.path)) throw notFound(inspectionRefusals.missing);
  return rows.map(({ path: _path, ...row }) => row);
}
