import { useEffect } from 'react';

/** How often the alarm sounds while an SOS waits. */
export const ALARM_EVERY_MS = 2_000;

/** Two short high tones through Web Audio (no file to fetch); silent where the browser has no audio. */
function beep(context: AudioContext): void {
  for (const [offset, frequency] of [
    [0, 880],
    [0.3, 1_175],
  ] as const) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'square';
    oscillator.frequency.value = frequency;
    gain.gain.value = 0.15;
    oscillator.connect(gain).connect(context.destination);
    const start = context.currentTime + offset;
    oscillator.start(start);
    oscillator.stop(start + 0.22);
  }
}

/** A repeating alarm while `active` (the banner of an unanswered SOS). */
export function useAlarm(active: boolean): void {
  useEffect(() => {
    if (!active || typeof window.AudioContext !== 'function') return;
    const context = new window.AudioContext();
    const ring = () => {
      // A page not yet touched may keep audio suspended: resuming is tried each time.
      void context.resume().catch(() => undefined);
      beep(context);
    };
    ring();
    const timer = window.setInterval(ring, ALARM_EVERY_MS);
    return () => {
      window.clearInterval(timer);
      void context.close().catch(() => undefined);
    };
  }, [active]);
}
