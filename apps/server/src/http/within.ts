/** A refusal for work that did not finish within its time. */
export class TooSlow extends Error {}

/** `work`, or a TooSlow refusal once `ms` have passed (the work itself may still finish later, unseen). */
export async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TooSlow()), ms);
    timer.unref();
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
