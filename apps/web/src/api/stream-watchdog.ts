/**
 * A fetch for long-lived streams that gives up on a silent connection: when no byte has arrived for `silenceMs`
 * (the server pings far more often), the request is aborted so its reader fails and the caller opens it again. A
 * connection a proxy or a sleeping laptop dropped without a word would otherwise stay open, and deaf, for ever.
 */
export function watchedFetch(base: typeof fetch, silenceMs: number): typeof fetch {
  return async (input, init = {}) => {
    const controller = new AbortController();
    const outer = init.signal;
    if (outer?.aborted) controller.abort();
    outer?.addEventListener('abort', () => controller.abort(), { once: true });
    const response = await base(input, { ...init, signal: controller.signal });
    const streaming = (response.headers.get('content-type') ?? '').startsWith('text/event-stream');
    if (!response.ok || !response.body || !streaming) return response;

    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => clearTimeout(timer);
    const arm = () => {
      stop();
      timer = setTimeout(() => controller.abort(), silenceMs);
    };
    controller.signal.addEventListener('abort', stop, { once: true });
    arm();
    const body = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, out) {
          arm();
          out.enqueue(chunk);
        },
        flush: stop,
      }),
      { signal: controller.signal },
    );
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
