import { setUnauthorizedHandler } from '@guard-tour/client/browser';
import { useSession } from '@guard-tour/client/use-session';
import { Toast } from 'antd-mobile';
import { lazy, Suspense, useEffect, useState } from 'react';
import { deviceNo } from '../lib/app-id';
import { cardNumberOfPath } from '../lib/card-number';
import { LoginScreen } from '../screens/login-screen';
import { TasksScreen } from '../screens/tasks-screen';
import { SafetyLayer } from '../safety/safety-layer';
import { checkPoint, pointOf, sessionEnded, startGuard } from './guard-store';
import { useGuard } from './use-guard';

/** Which screen: today's rounds, or one point (just checked, or tapped in the list). */
export type View =
  | { kind: 'tasks' }
  | { kind: 'point'; card: string; punchKey: string | null }
  /** 我的整改 (INSPECTION.md). */
  | { kind: 'hazards' };

const HOME = import.meta.env.BASE_URL;

// A point's screen and 我的整改 are chunks of their own, so that the app shell stays within its budget (GUARD-APP.md,
// Budgets), loaded as the app starts, not when first opened: a guard who logs in and walks out of coverage before the
// service worker has cached every chunk must still check a point (the SOS layer does the same). Opened first with
// no network, the point's screen was a blank page (sos.spec, pressed offline: its chunk could not be fetched).
const loadHazardsScreen = () => import('../screens/hazards-screen').then((m) => ({ default: m.HazardsScreen }));
const loadPointScreen = () => import('../screens/point-screen').then((m) => ({ default: m.PointScreen }));
const HazardsScreen = lazy(loadHazardsScreen);
const PointScreen = lazy(loadPointScreen);
void loadPointScreen();
void loadHazardsScreen();

// A 401 has cleared the session: the login screen shows by itself (never the console's /login), saying why.
setUnauthorizedHandler(sessionEnded);

/** A label's link `/m/p/<卡号>`, read once at start; the address then goes back to the app's home. */
let linkedCard = cardNumberOfPath(window.location.pathname);
if (window.location.pathname !== HOME) window.history.replaceState(null, '', HOME);

export function App() {
  const session = useSession();
  const [registered, setRegistered] = useState(() => deviceNo() !== null);
  const [view, setView] = useState<View>({ kind: 'tasks' });
  const ready = session !== null && registered;
  const { signedOut } = useGuard();

  // The server refused this phone: its log-in registers it again before anything is sent.
  useEffect(() => {
    if (signedOut) setRegistered(false);
  }, [signedOut]);

  useEffect(() => {
    if (ready) startGuard();
  }, [ready]);

  // A label opened by the phone's camera app: check that point once the guard is in.
  useEffect(() => {
    const card = linkedCard;
    if (!ready || !card) return;
    linkedCard = null;
    void checkPoint(card).then((punch) => {
      Toast.show({ icon: 'success', content: `已打卡：${pointOf(card)?.point.patrol_name ?? card}` });
      setView({ kind: 'point', card, punchKey: punch.key });
    });
  }, [ready]);

  if (!ready) {
    return (
      <LoginScreen
        onDone={() => {
          setRegistered(true);
          setView({ kind: 'tasks' });
        }}
      />
    );
  }
  // SOS and 报平安 over every screen of the signed-in app (SAFETY.md).
  if (view.kind === 'point') {
    return (
      <>
        <Suspense fallback={null}>
          <PointScreen card={view.card} punchKey={view.punchKey} onBack={() => setView({ kind: 'tasks' })} />
        </Suspense>
        <SafetyLayer />
      </>
    );
  }
  if (view.kind === 'hazards') {
    return (
      <>
        <Suspense fallback={null}>
          <HazardsScreen onBack={() => setView({ kind: 'tasks' })} />
        </Suspense>
        <SafetyLayer />
      </>
    );
  }
  return (
    <>
      <TasksScreen onOpen={setView} onLoggedOut={() => setRegistered(false)} />
      <SafetyLayer />
    </>
  );
}
