import { sql } from 'drizzle-orm';
import { saveChecklistInput } from '@guard-tour/contract';
import type { AppContext } from '../context.js';
import { checkAnswers, type GivenAnswer } from '../domain/inspection-answers.js';
import { localDate } from '../domain/time.js';
import { addDays } from '../domain/zoned-time.js';
import type { Scope } from '../features/scope.js';
import { storeAnswers } from '../features/inspection/answers.service.js';
import { checklistDetail, saveChecklist } from '../features/inspection/checklist.service.js';
import {
  assignHazard,
  fixHazard,
  ignoreHazard,
  listHazards,
  verifyHazard,
} from '../features/inspection/hazard.service.js';
import { queryRows } from '../db/sql.js';
import type { DemoHoldIds } from './demo-holds.js';

/**
 * 检查表 and 隐患 of the demo (INSPECTION.md): 滨江花园保安部's fire-equipment checklist on its first two points, the
 * latest punches there answered with one abnormal item each, and the hazards they raised moved to every state
 * through the hazard services (one left 待处理, one 整改中, one 待复核, one 已关闭, one 已忽略).
 */
export async function fillDemoInspection(ctx: AppContext, scope: Scope, ids: DemoHoldIds): Promise<void> {
  const department = ids.holds.get('滨江花园保安部')!;
  const { checklist_id } = await saveChecklist(
    ctx,
    scope,
    saveChecklistInput.parse({
      checklist_id: 0,
      hold_id: department,
      checklist_name: '消防设备日常检查',
      items: [
        { text: '消防门是否关闭', kind: 1, required: true, critical: true },
        { text: '消防泵出水压力', kind: 2, required: true, unit: 'MPa', min: 0.2, max: 0.6 },
        {
          text: '灭火器铅封',
          kind: 3,
          required: true,
          options: [
            { text: '完好', abnormal: false },
            { text: '破损', abnormal: true },
            { text: '缺失', abnormal: true },
          ],
        },
        { text: '现场情况说明', kind: 4, required: false },
      ],
    }),
  );
  const { items } = await checklistDetail(ctx, scope, checklist_id);
  const points = await queryRows<{ patrol_id: number }>(
    ctx.db,
    sql`update patrol_card set checklist_id = ${checklist_id}
      where patrol_id in (select patrol_id from patrol_card where hold_id = ${department} and deleted_at is null
        order by patrol_id limit 2)
      returning patrol_id`,
  );
  const [door, pressure, seal] = items as [(typeof items)[0], (typeof items)[0], (typeof items)[0]];
  const normal: GivenAnswer[] = [
    { item_id: door.item_id, value: '正常' },
    { item_id: pressure.item_id, value: '0.35' },
    { item_id: seal.item_id, option: '完好' },
  ];
  const abnormalOf = (itemId: number): GivenAnswer =>
    itemId === door.item_id
      ? { item_id: itemId, value: '异常' }
      : itemId === pressure.item_id
        ? { item_id: itemId, value: '0.12' }
        : { item_id: itemId, option: '破损' };
  // Five hazards on distinct (point, item): the latest punches of the two points.
  const plan = [
    ...[door, pressure, seal].map((item, i) => ({ patrol_id: points[0]!.patrol_id, item, nth: i })),
    ...[door, pressure].map((item, i) => ({ patrol_id: points[1]!.patrol_id, item, nth: i })),
  ];
  for (const step of plan) {
    const [punch] = await queryRows<{ device_no: string; patrol_sn: string; punch_time: string; who: string }>(
      ctx.db,
      sql`select device_no, patrol_sn, punch_time::text as punch_time, coalesce(nullif(true_name, ''), user_name) as who
        from punch where patrol_id = ${step.patrol_id} order by punch_time desc offset ${step.nth} limit 1`,
    );
    if (!punch) continue;
    const given = normal.map((answer) => (answer.item_id === step.item.item_id ? abnormalOf(answer.item_id) : answer));
    const checked = checkAnswers(items, given);
    if (!checked.ok) throw new Error(`演示检查结果不正确：${checked.reason}`);
    await ctx.db.transaction(async (tx) => {
      await tx.execute(
        sql`update punch set check_result = ${checked.abnormal}
          where device_no = ${punch.device_no} and patrol_sn = ${punch.patrol_sn} and punch_time = ${punch.punch_time}::timestamptz`,
      );
      await storeAnswers(
        tx,
        punch.device_no,
        [{ patrolSn: punch.patrol_sn, at: new Date(punch.punch_time), answers: checked.answers }],
        { name: punch.who, userId: scope.caller.userId },
        ctx.now(),
      );
    });
  }
  const { rows } = await listHazards(ctx, scope, {
    holdId: department,
    includeChildren: true,
    page: 1,
    pageSize: 20,
  });
  const deadline = `${addDays(localDate(ctx.now(), ctx.config.tzName), 2)} 18:00`;
  const [, fixing, review, closed, ignored] = rows;
  const me = scope.caller.userId;
  for (const hazard of [fixing, review, closed]) {
    if (hazard)
      await assignHazard(ctx, scope, { hazard_id: hazard.hazard_id, user_id: me, deadline, note: '请尽快整改' });
  }
  for (const hazard of [review, closed]) {
    if (hazard) await fixHazard(ctx, scope, { hazard_id: hazard.hazard_id, note: '已整改完毕', photo_ids: [] });
  }
  if (closed) await verifyHazard(ctx, scope, { hazard_id: closed.hazard_id, note: '现场复核正常' });
  if (ignored) await ignoreHazard(ctx, scope, { hazard_id: ignored.hazard_id, note: '设备已停用，无需整改' });
}
