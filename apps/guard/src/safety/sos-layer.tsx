import { Button } from 'antd-mobile';
import { useState } from 'react';
import { pressSos, safety, useSafety } from '../app/safety-store';
import { sosText } from '../lib/safety-queue';
import { ring } from './alarm';
import { CheckInPrompt } from './check-in-prompt';
import { SosButton } from './sos-button';

const SILENT_KEY = 'gt.guard.silentSos';

/**
 * Over every screen of the signed-in app: the SOS button (held 3 s), the state of this phone's SOS (待发送 →
 * 已送达 → 已响应（某某）), a switch for the silent mode (no sound and no panel: only a mark on the button), and
 * the 报平安 prompt.
 */
export function SosLayer() {
  const { sos } = useSafety();
  const [silent, setSilent] = useState(() => localStorage.getItem(SILENT_KEY) === '1');
  const shown = sos.filter((one) => !one.silent);

  return (
    <>
      <div className="sos-dock">
        {shown.length > 0 && (
          <div className="sos-panel" role="status" aria-live="assertive">
            {shown.map((one) => (
              <div key={one.sos_id} className="sos-line">
                <span>紧急求助 {one.time.slice(11, 16)}：</span>
                <strong data-testid="sos-state">{sosText(one)}</strong>
                {one.state === 2 && (
                  <Button size="mini" onClick={() => safety.dismiss(one.sos_id)}>
                    知道了
                  </Button>
                )}
              </div>
            ))}
          </div>
        )}
        <button
          type="button"
          className="sos-silent"
          aria-pressed={silent}
          onClick={() => {
            localStorage.setItem(SILENT_KEY, silent ? '0' : '1');
            setSilent(!silent);
          }}
        >
          {silent ? '静音求助' : '有声求助'}
        </button>
        <SosButton
          marked={sos.some((one) => one.state !== 2)}
          onSend={() => {
            if (!silent) ring([200, 100, 200, 100, 200]);
            void pressSos(silent);
          }}
        />
      </div>
      <CheckInPrompt />
    </>
  );
}
