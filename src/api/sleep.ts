import { say } from "../messages/messages.js";
import { InterruptedError } from "../errors.js";

/** A wait that Ctrl-C cuts short. Nothing of ours is in flight during it (a retry's back-off, a poll's pause). */
export function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new InterruptedError(say.errors.interrupted, { nothingInFlight: true }));
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new InterruptedError(say.errors.interrupted, { nothingInFlight: true }));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
