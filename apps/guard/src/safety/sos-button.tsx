import { SOS_HOLD_MS } from '@guard-tour/contract';
import { useEffect, useRef, useState } from 'react';

interface SosButtonProps {
  /** Called once the button has been held for 3 s. */
  onSend: () => void;
  /** A small mark on the button: an SOS of this phone is open (the silent mode's only sign). */
  marked?: boolean;
  holdMs?: number;
}

const RADIUS = 30;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * The SOS button (SAFETY.md): held 3 seconds it sends (a ring fills meanwhile); letting go earlier, or sliding off,
 * cancels and nothing is sent.
 */
export function SosButton({ onSend, marked = false, holdMs = SOS_HOLD_MS }: SosButtonProps) {
  const [holding, setHolding] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setHolding(false);
  };
  const start = () => {
    cancel();
    setHolding(true);
    timer.current = setTimeout(() => {
      timer.current = null;
      setHolding(false);
      onSend();
    }, holdMs);
  };
  useEffect(() => cancel, []);

  return (
    <button
      type="button"
      className="sos-button"
      aria-label="紧急求助（按住3秒）"
      data-holding={holding ? 'true' : 'false'}
      data-marked={marked ? 'true' : 'false'}
      onPointerDown={(event) => {
        event.preventDefault();
        start();
      }}
      onPointerUp={cancel}
      onPointerLeave={cancel}
      onPointerCancel={cancel}
      onContextMenu={(event) => event.preventDefault()}
    >
      <svg width="72" height="72" viewBox="0 0 72 72" aria-hidden="true">
        <circle cx="36" cy="36" r={RADIUS} fill="#cf1322" />
        <circle
          cx="36"
          cy="36"
          r={RADIUS}
          fill="none"
          stroke="#fff"
          strokeWidth="4"
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={holding ? 0 : CIRCUMFERENCE}
          transform="rotate(-90 36 36)"
          style={{ transition: holding ? `stroke-dashoffset ${holdMs}ms linear` : 'none' }}
        />
        <text x="36" y="42" textAnchor="middle" fill="#fff" fontSize="18" fontWeight="bold">
          SOS
        </text>
        {marked && <circle cx="60" cy="12" r="6" fill="#faad14" stroke="#fff" strokeWidth="2" />}
      </svg>
    </button>
  );
}
