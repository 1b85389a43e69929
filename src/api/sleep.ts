import { InterruptedError } from "../errors.js";

/** A wait that Ctrl-C cuts short. Nothing of ours is in flight during it (a retry's back-off, a poll's pause). */
export function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted)
      return reject(new InterruptedError((say) => say.errors.interrupted, { nothingInFlight: true }));
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new InterruptedError((say) => say.errors.interrupted, { nothingInFlight: true }));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * Waits that the run's one signal (Ctrl-C) cuts short, with one listener on it for all of them: a
 * file's deliveries waited on at once would otherwise each hang a listener on the same signal,
 * eleven of them being what Node calls a leak. Each wait listens on a signal of its own, and the
 * run's signal, once aborted, aborts every wait still pending.
 */
export function sleepsCutBy(
  signal: AbortSignal,
  sleep: (ms: number, signal?: AbortSignal) => Promise<void> = defaultSleep,
): (ms: number) => Promise<void> {
  const pending = new Set<AbortController>();
  signal.addEventListener(
    "abort",
    () => {
      for (const wait of pending) wait.abort(signal.reason);
    },
    { once: true },
  );
  return async (ms) => {
    if (signal.aborted) return sleep(ms, signal);
    const own = new AbortController();
    pending.add(own);
    try {
      await sleep(ms, own.signal);
    } finally {
      pending.delete(own);
    }
  };
}
