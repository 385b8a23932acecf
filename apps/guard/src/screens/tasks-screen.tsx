import { clearSession } from '@guard-tour/client/session';
import { Dialog, List, NavBar, NoticeBar, PullToRefresh, Tag, Toast } from 'antd-mobile';
import { useEffect, useRef } from 'react';
import type { View } from '../app/app';
import { checkPoint, pointOf, refreshRounds, syncNow } from '../app/guard-store';
import { useGuard } from '../app/use-guard';
import { currentRound, isRunning } from '../lib/current-round';
import { clockOf, localTime } from '../lib/local-time';
import { slotLabel } from '../lib/slot-label';
import { CheckActions } from './check-actions';
import { PointStatus } from './point-status';
import { DutyBar } from './duty-bar';
import { SyncLine } from './sync-line';

/**
 * 今日任务: today's rounds slot by slot (a road walked several times a day is listed once per slot) with their
 * windows and points in order, opening on the round running now, and the ways to check a point.
 */
export function TasksScreen({ onOpen, onLoggedOut }: { onOpen: (view: View) => void; onLoggedOut: () => void }) {
  const { rounds, roundsError, queue } = useGuard();
  const now = localTime();
  const current = currentRound(rounds ?? [], now);
  const currentRef = useRef<HTMLDivElement>(null);
  const currentId = current?.round_id;
  // Opens on the round running now (or the next one), once the day's rounds are known.
  useEffect(() => {
    currentRef.current?.scrollIntoView?.({ block: 'start' });
  }, [currentId]);

  const check = async (card: string) => {
    const punch = await checkPoint(card);
    const name = pointOf(card)?.point.patrol_name;
    Toast.show({ icon: 'success', content: name ? `已打卡：${name}` : `已打卡：${card}（不在今日任务中）` });
    onOpen({ kind: 'point', card, punchKey: punch.key });
  };

  const logout = async () => {
    const waiting = queue.filter((punch) => punch.rejected === null).length;
    const sure = await Dialog.confirm({
      content: waiting ? `还有 ${waiting} 条打卡待上传，退出后将在下次登录时上传。确定退出？` : '确定退出登录？',
    });
    if (!sure) return;
    clearSession();
    onLoggedOut();
  };

  return (
    <div className="screen">
      <NavBar
        back={null}
        backIcon={false}
        left={<a onClick={() => onOpen({ kind: 'hazards' })}>我的整改</a>}
        right={<a onClick={() => void logout()}>退出</a>}
      >
        今日任务
      </NavBar>
      <PullToRefresh
        onRefresh={async () => {
          syncNow();
          await refreshRounds();
        }}
      >
        <div className="screen-body">
          <SyncLine />
          <DutyBar />
          <CheckActions onCard={(card) => void check(card)} />
          {roundsError && <NoticeBar color="error" content={roundsError} />}
          {rounds === null && !roundsError && <p className="status-line">正在加载今日任务…</p>}
          {rounds?.length === 0 && <p className="status-line">今天没有巡检任务</p>}
          {rounds?.map((round) => (
            <div
              key={round.round_id}
              ref={round.round_id === currentId ? currentRef : undefined}
              data-current={round.round_id === currentId ? 'true' : undefined}
            >
              <List
                className="round"
                mode="card"
                header={
                  <span>
                    {round.road_name}
                    {slotLabel(rounds, round)} {clockOf(round.window_start)}–{clockOf(round.window_end)}
                    {isRunning(round, now) && (
                      <Tag color="primary" fill="outline" style={{ marginLeft: 6 }}>
                        进行中
                      </Tag>
                    )}
                  </span>
                }
              >
                {round.points.map((point, index) => (
                  <List.Item
                    key={`${point.patrol_id}-${index}`}
                    description={[point.location, point.patrol_sn].filter(Boolean).join(' · ')}
                    extra={
                      <PointStatus
                        point={point}
                        queued={queue.filter((punch) => punch.patrol_sn === point.patrol_sn)}
                      />
                    }
                    onClick={() => onOpen({ kind: 'point', card: point.patrol_sn, punchKey: null })}
                  >
                    {index + 1}. {point.patrol_name}
                  </List.Item>
                ))}
              </List>
            </div>
          ))}
        </div>
      </PullToRefresh>
    </div>
  );
}
