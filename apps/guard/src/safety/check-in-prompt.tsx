import type { CheckInPlan } from '@guard-tour/contract';
import { Button, Popup } from 'antd-mobile';
import { useEffect, useMemo, useState } from 'react';
import { checkInNow, checkInPlan } from '../app/safety-store';
import { useGuard } from '../app/use-guard';
import { localTime } from '../lib/local-time';
import { ring } from './alarm';
import { nextCheckIn } from './check-in-timer';
import { MINUTE_MS, msOfLocal } from './time';

const PLAN_KEY = 'gt.guard.checkInPlan';
const LAST_KEY = 'gt.guard.lastCheckIn';

function savedPlan(): CheckInPlan | null {
  try {
    return JSON.parse(localStorage.getItem(PLAN_KEY) ?? 'null') as CheckInPlan | null;
  } catch {
    return null;
  }
}

/** The day's first punch on this phone: the earliest checked point of today's rounds, or a punch still queued. */
function useFirstPunch(): number | null {
  const { rounds, queue } = useGuard();
  return useMemo(() => {
    const today = localTime().slice(0, 10);
    const times = [
      ...(rounds ?? []).flatMap((round) => round.points.flatMap((point) => point.checked_time ?? [])),
      ...queue.map((punch) => punch.punch_time),
    ].filter((time) => time.startsWith(today));
    const ms = times.map(msOfLocal).filter((one): one is number => one !== null);
    return ms.length ? Math.min(...ms) : null;
  }, [rounds, queue]);
}

/**
 * 报平安 (SAFETY.md): when the organisation has check-ins on, every N minutes from the roster duty's start (else the
 * day's first punch) the app
 * asks with a sound and a vibration; 我很安全 sends the check-in (with the position when the browser gives one).
 */
export function CheckInPrompt() {
  const [plan, setPlan] = useState<CheckInPlan | null>(savedPlan);
  const [last, setLast] = useState<number | null>(() => Number(localStorage.getItem(LAST_KEY)) || null);
  const [now, setNow] = useState(Date.now);
  const first = useFirstPunch();

  useEffect(() => {
    void checkInPlan()
      .then((answer) => {
        localStorage.setItem(PLAN_KEY, JSON.stringify(answer));
        setPlan(answer);
      })
      .catch(() => undefined);
    const tick = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(tick);
  }, []);

  // The roster's duty where one applies today (SHIFTS.md), else the day's first punch.
  const today = localTime().slice(0, 10);
  const dutyStart = plan?.duty_start?.startsWith(today) ? msOfLocal(plan.duty_start) : null;
  const due = plan?.enabled ? nextCheckIn(dutyStart ?? first, last, plan.minutes) : null;
  const asking = due !== null && now >= due;

  useEffect(() => {
    if (!asking) return;
    ring();
    const again = setInterval(() => ring(), MINUTE_MS);
    return () => clearInterval(again);
  }, [asking]);

  return (
    <Popup visible={asking} position="bottom" bodyStyle={{ padding: 20, borderRadius: '12px 12px 0 0' }}>
      <h3 style={{ margin: '0 0 8px' }}>报平安</h3>
      <p style={{ margin: '0 0 16px', color: '#666' }}>
        请确认您的安全（每 {plan?.minutes ?? '—'} 分钟一次，宽限 {plan?.grace ?? '—'} 分钟）。
      </p>
      <Button
        block
        color="success"
        size="large"
        onClick={() => {
          const at = Date.now();
          localStorage.setItem(LAST_KEY, String(at));
          setLast(at);
          void checkInNow();
        }}
      >
        我很安全
      </Button>
    </Popup>
  );
}
