import { clearSession } from '@guard-tour/web/api/session';
import { Dialog, List, NavBar, NoticeBar, PullToRefresh, Toast } from 'antd-mobile';
import type { View } from '../app/app';
import { checkPoint, pointOf, refreshRounds, syncNow } from '../app/guard-store';
import { useGuard } from '../app/use-guard';
import { clockOf } from '../lib/local-time';
import { CheckActions } from './check-actions';
import { PointStatus } from './point-status';
import { SyncLine } from './sync-line';

/** 今日任务: today's rounds with their windows and points in order, and the ways to check a point. */
export function TasksScreen({ onOpen, onLoggedOut }: { onOpen: (view: View) => void; onLoggedOut: () => void }) {
  const { rounds, roundsError, queue } = useGuard();

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
      <NavBar back={null} backIcon={false} right={<a onClick={() => void logout()}>退出</a>}>
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
          <CheckActions onCard={(card) => void check(card)} />
          {roundsError && <NoticeBar color="error" content={roundsError} />}
          {rounds === null && !roundsError && <p className="status-line">正在加载今日任务…</p>}
          {rounds?.length === 0 && <p className="status-line">今天没有巡检任务</p>}
          {rounds?.map((round) => (
            <List
              key={round.round_id}
              className="round"
              mode="card"
              header={`${round.road_name} ${clockOf(round.window_start)}–${clockOf(round.window_end)}`}
            >
              {round.points.map((point, index) => (
                <List.Item
                  key={`${point.patrol_id}-${index}`}
                  description={[point.location, point.patrol_sn].filter(Boolean).join(' · ')}
                  extra={
                    <PointStatus point={point} queued={queue.filter((punch) => punch.patrol_sn === point.patrol_sn)} />
                  }
                  onClick={() => onOpen({ kind: 'point', card: point.patrol_sn, punchKey: null })}
                >
                  {index + 1}. {point.patrol_name}
                </List.Item>
              ))}
            </List>
          ))}
        </div>
      </PullToRefresh>
    </div>
  );
}
