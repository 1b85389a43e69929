/**
 * The client's deadlines passed by hand: each exchange takes one from AbortSignal.timeout, and here
 * each is a signal the test aborts when the scenario says (once a request is held at the server, say),
 * so what is tested does not hang on a timer racing the machine's load. Give the client a timeout
 * longer than the test waits, so the connection's own timers never fire first.
 */
import { vi } from "vitest";

export interface DeadlinesByHand {
  /** How many exchanges have started, each with its deadline. */
  readonly started: number;
  /** Passes the deadline of the exchange started `nth` (0 for the first), as its timer would. */
  pass(nth: number): void;
  /** AbortSignal.timeout as it was. */
  restore(): void;
}

export function deadlinesByHand(): DeadlinesByHand {
  const deadlines: AbortController[] = [];
  const timeout = vi.spyOn(AbortSignal, "timeout").mockImplementation(() => {
    const deadline = new AbortController();
    deadlines.push(deadline);
    return deadline.signal;
  });
  return {
    get started() {
      return deadlines.length;
    },
    pass(nth) {
      const deadline = deadlines[nth];
      if (!deadline) throw new Error(`No exchange number ${nth + 1} has started`);
      deadline.abort(new DOMException("The operation was aborted due to timeout", "TimeoutError"));
    },
    restore: () => timeout.mockRestore(),
  };
}
