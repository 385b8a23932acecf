import { Button, List, NavBar, Toast } from 'antd-mobile';
import { lazy, Suspense, useState } from 'react';
import { answerChecklist, checkPoint, pointOf, reportEvent } from '../app/guard-store';
import { useGuard } from '../app/use-guard';
import type { GivenAnswer } from '../lib/punch-queue';
import { EventReport } from './event-report';
import { PointStatus } from './point-status';

// The checklist form is a chunk of its own (the app shell stays within its budget), loaded with this screen's, not
// with the first point that has a checklist: offline by then, it could not be fetched (app.tsx).
const loadChecklistForm = () => import('./checklist-form').then((m) => ({ default: m.ChecklistForm }));
const ChecklistForm = lazy(loadChecklistForm);
void loadChecklistForm();

/** One point: its state, a check by hand, and 事件上报 (joined to the punch just taken while it waits). */
export function PointScreen(props: { card: string; punchKey: string | null; onBack: () => void }) {
  const { card, onBack } = props;
  const { queue } = useGuard();
  const [punchKey, setPunchKey] = useState(props.punchKey);
  const found = pointOf(card);
  const queued = queue.filter((punch) => punch.patrol_sn === card);
  const refused = queued.find((punch) => punch.rejected !== null);
  // The punch just taken, waiting for the point's checklist (INSPECTION.md).
  const held = queued.find((punch) => punch.key === punchKey && punch.holding);
  const checklist = found?.point.checklist ?? null;

  const check = async () => {
    const punch = await checkPoint(card);
    setPunchKey(punch.key);
    Toast.show({ icon: 'success', content: '已打卡' });
  };

  const answer = async (answers: GivenAnswer[]) => {
    if (!held) return;
    await answerChecklist(held.key, answers);
    Toast.show({ icon: 'success', content: '检查结果已记录，待上传' });
  };

  const report = async (note: string, photos: Blob[]) => {
    const punch = await reportEvent(punchKey, card, note, photos);
    setPunchKey(punch.key);
    Toast.show({ icon: 'success', content: '事件已记录，待上传' });
  };

  return (
    <div className="screen">
      <NavBar onBack={onBack}>{found?.point.patrol_name ?? card}</NavBar>
      <div className="screen-body">
        <List mode="card">
          <List.Item extra={<PointStatus point={found?.point ?? null} queued={queued} />}>
            {found?.point.patrol_name ?? '未知巡检点'}
          </List.Item>
          <List.Item extra={card}>卡号</List.Item>
          {found?.point.location && <List.Item extra={found.point.location}>位置</List.Item>}
          {found && <List.Item extra={found.round.road_name}>线路</List.Item>}
          {refused && <List.Item description={refused.rejected}>上传失败</List.Item>}
        </List>
        {!punchKey && (
          <Button block color="primary" style={{ margin: '12px 0' }} onClick={() => void check()}>
            打卡
          </Button>
        )}
        {held && checklist && (
          <Suspense fallback={null}>
            <ChecklistForm items={checklist.items} onSubmit={answer} />
          </Suspense>
        )}
        <EventReport onSubmit={report} />
      </div>
    </div>
  );
}
