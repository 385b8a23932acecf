/** A short alarm (Web Audio, no file) and a vibration where the phone has them: the SOS sent, 报平安 due. */
export function ring(pattern: number[] = [300, 120, 300]): void {
  try {
    navigator.vibrate?.(pattern);
  } catch {
    // no vibration on this phone
  }
  if (typeof window === 'undefined' || typeof window.AudioContext !== 'function') return;
  const context = new window.AudioContext();
  pattern.forEach((ms, index) => {
    if (index % 2 === 1) return;
    const at = context.currentTime + pattern.slice(0, index).reduce((sum, one) => sum + one, 0) / 1000;
    const oscillator = context.createOscillator();
    oscillator.frequency.value = 988;
    oscillator.connect(context.destination);
    oscillator.start(at);
    oscillator.stop(at + ms / 1000);
  });
  setTimeout(() => void context.close().catch(() => undefined), pattern.reduce((a, b) => a + b, 0) + 500);
}
