/**
 * Where `webhook listen` hands a verified event: on to another address (`--forward-to`), or to a
 * command (`--exec`), from the listener's queue (queue.ts), after the service was answered: a
 * failed hand-off is tried again by the listener, each try carrying the same delivery id.
 */
import { spawn } from "node:child_process";
import type { Socket } from "node:net";
import { withoutCredentials } from "../config/mask.js";
import { InputError } from "../errors.js";
import { requirePackage } from "../packages.js";
import type { Messages } from "../messages/messages.js";
import { neutralize } from "../output/sanitize.js";

/** What one hand-off got: nothing when it succeeded, otherwise why not, for the person watching. */
export type HandOffResult = { ok: true } | { ok: false; reason: string };

/** One hand-off: the payload, the headers it came with, the event's fields, and the delivery's id. */
export interface Parcel {
  body: Buffer;
  /** Only those a target needs to verify it: a delivery is written down with no others (listen.ts). */
  headers: Record<string, string>;
  env: Record<string, string>;
  /** The same for every hand-off of one delivery, also after a restart: a target drops repeats by it. */
  deliveryId: string;
}

export interface HandOff {
  /** For the start-up line: "forwarding to …", "running …". */
  describe: string;
  /** When the listener stops, how long the hand-off under way may go on before it is told to stop. */
  stopWithinMs: number;
  deliver(parcel: Parcel, signal: AbortSignal): Promise<HandOffResult>;
}

/** The header that names a delivery for --forward-to targets; RESELLER_DELIVERY_ID for --exec. */
export const deliveryIdHeader = "x-reseller-delivery";

/** Longest a forward target may take to answer before the try counts as failed. */
export const forwardTimeoutMs = 15_000;
/** Longest an --exec command may run before it is stopped and the try counted as failed. */
export const execTimeoutMs = 60_000;

/**
 * The environment a child gets: this process's, without the API key, the webhook secret, or any
 * variable that holds either under another name. The child gets events already verified.
 */
export function childEnvironment(
  inherited: NodeJS.ProcessEnv,
  secrets: readonly (string | undefined)[],
): Record<string, string> {
  const hidden = secrets.filter((s): s is string => typeof s === "string" && s.trim().length >= 8).map((s) => s.trim());
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(inherited)) {
    if (value === undefined || name === "RESELLER_API_KEY" || name === "RESELLER_WEBHOOK_SECRET") continue;
    if (hidden.some((secret) => value.includes(secret))) continue;
    env[name] = value;
  }
  return env;
}

export function forwardTarget(url: string): URL {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new InputError((say) => say.listener.forwardNotUrl(url), {
      suggestion: (say) => say.listener.forwardExample,
    });
  }
  if (target.protocol !== "http:" && target.protocol !== "https:")
    throw new InputError((say) => say.listener.forwardScheme(target.protocol));
  return target;
}

/** undici, loaded at the first forward: a listener that runs a command never needs it (it is ~13 MiB). */
let forwardRequest: typeof import("undici").request | undefined;
const loadForwardRequest = () => (forwardRequest ??= requirePackage<typeof import("undici")>("undici").request);

/** `say` words what a person reads of it: its description and why a try failed. */
export function forwardTo(url: string, say: Messages): HandOff {
  const target = forwardTarget(url);
  // Said in messages and kept with the delivery: never the user:password a target URL may carry.
  const shown = withoutCredentials(target.href);
  return {
    describe: say.listener.forwardingEach(shown),
    stopWithinMs: 4_000,
    async deliver({ body, headers, deliveryId }, signal) {
      try {
        const response = await loadForwardRequest()(target, {
          method: "POST",
          headers: { ...headers, [deliveryIdHeader]: deliveryId },
          body,
          signal: AbortSignal.any([signal, AbortSignal.timeout(forwardTimeoutMs)]),
          headersTimeout: forwardTimeoutMs,
          bodyTimeout: forwardTimeoutMs,
        });
        // Only the status matters; the rest is read away so the connection can be reused.
        await response.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
        if (response.statusCode >= 200 && response.statusCode < 300) return { ok: true };
        return { ok: false, reason: say.listener.targetAnswered(shown, response.statusCode) };
      } catch (error) {
        const code = (error as { code?: string }).code ?? (error as Error).name;
        return {
          ok: false,
          reason: say.listener.targetUnreachable(
            shown,
            code === "TimeoutError" ? say.listener.noAnswerWithin(forwardTimeoutMs / 1000) : code,
          ),
        };
      }
    },
  };
}

/** How long a stopped command (its deadline passed, or Ctrl-C) has between SIGTERM and SIGKILL. */
export const execGraceMs = 5_000;
/**
 * After a command exited and left nothing running in its group, how long its last words may take to
 * come out of the pipes: only a process that left the group (a daemon) can hold them longer.
 */
const lastWordsMs = 1_000;

export interface ExecLimits {
  /** Longest the command may run before it is stopped and the try counted as failed. */
  timeoutMs: number;
  /** Between SIGTERM and SIGKILL, once it is stopped. */
  graceMs: number;
}

/**
 * --exec as a command's flags give it (--exec-timeout, --exec-grace in seconds): the command's own
 * stderr goes to `stderr` neutralised, and `secrets` are kept from it (the listener and `pending`).
 */
export function execFromFlags(
  command: string,
  stderr: { write(chunk: string): unknown },
  secrets: readonly (string | undefined)[],
  flags: { execTimeout?: number; execGrace?: number },
  say: Messages,
): HandOff {
  return execCommand(command, (chunk) => stderr.write(neutralize(chunk, { keepNewlines: true })), secrets, say, {
    ...(flags.execTimeout !== undefined ? { timeoutMs: flags.execTimeout * 1000 } : {}),
    ...(flags.execGrace !== undefined ? { graceMs: flags.execGrace * 1000 } : {}),
  });
}

/**
 * `--exec CMD`: a shell runs CMD with the event's body on stdin and the event's fields in its
 * environment. Its own output goes to `log` (stderr): stdout belongs to the listener's event lines.
 *
 * The command's end is its exit, and its exit status decides. It runs in a process group of its own,
 * so that stopping it (its deadline, or Ctrl-C) reaches what it started too: SIGTERM to the group,
 * SIGKILL after the grace period. What it leaves running in the background after exiting on its own
 * is its business: it is neither waited for nor stopped, and the pipes it may still hold are read
 * for as long as the listener runs, never waited on.
 */
export function execCommand(
  command: string,
  log: (chunk: string) => void,
  secrets: readonly (string | undefined)[],
  say: Messages,
  limits: Partial<ExecLimits> = {},
): HandOff {
  if (!command.trim()) throw new InputError((say) => say.listener.execNeedsCommand);
  const { timeoutMs, graceMs } = { timeoutMs: execTimeoutMs, graceMs: execGraceMs, ...limits };
  const environment = childEnvironment(process.env, secrets);
  return {
    describe: say.listener.runningForEach(command),
    // Stopped at once when the listener stops: the grace period after SIGTERM is its time to finish.
    stopWithinMs: 0,
    deliver({ body, env, deliveryId }, signal) {
      return new Promise<HandOffResult>((resolve) => {
        // The command runs as the user's shell would run it: in their environment (without the API
        // key and the webhook secret: see childEnvironment), plus the event's fields and delivery id.
        // The fields are the service's text: neutralised, so a handler echoing them obeys no escape
        // sequence, and a NUL (which spawn refuses) cannot make every try of the delivery fail.
        const fields = Object.fromEntries(Object.entries(env).map(([name, value]) => [name, neutralize(value)]));
        const child = spawn(command, {
          shell: true,
          detached: true,
          stdio: ["pipe", "pipe", "pipe"],
          env: { ...environment, ...fields, RESELLER_DELIVERY_ID: deliveryId },
        });
        /** Why it was stopped, once it was: then it failed, whatever it exits with. */
        let stoppedBecause: string | undefined;
        let killTimer: NodeJS.Timeout | undefined;
        let settled = false;
        const group = child.pid;
        const signalGroup = (name: NodeJS.Signals) => {
          if (group === undefined) return;
          try {
            process.kill(-group, name);
          } catch {
            // Nobody left in the group.
          }
        };
        const stop = (because: string) => {
          if (stoppedBecause !== undefined || settled) return;
          stoppedBecause = because;
          signalGroup("SIGTERM");
          killTimer = setTimeout(() => signalGroup("SIGKILL"), graceMs);
        };
        const deadline = setTimeout(() => stop(say.listener.execTooLong(command, timeoutMs / 1000)), timeoutMs);
        const onAbort = () => stop(say.listener.execStoppedWithListener(command));
        signal.addEventListener("abort", onAbort, { once: true });
        if (signal.aborted) onAbort();
        const finish = (result: HandOffResult) => {
          if (settled) return;
          settled = true;
          clearTimeout(deadline);
          signal.removeEventListener("abort", onAbort);
          // Anything still holding the pipes never keeps the listener from the next delivery or from exiting.
          child.stdin.destroy();
          for (const stream of [child.stdout, child.stderr]) (stream as Socket).unref?.();
          resolve(result);
        };

        // Passed on a line at a time, so that a secret the command prints is masked whole even when
        // a pipe read cuts it in two; what is left at the end goes when the stream ends.
        let open = 2;
        let drained: () => void = () => undefined;
        for (const stream of [child.stdout, child.stderr]) {
          let partial = "";
          stream.setEncoding("utf8");
          stream.on("data", (chunk: string) => {
            partial += chunk;
            const end = partial.lastIndexOf("\n") + 1;
            // A command that writes no line breaks is still heard, 64 KB at a time.
            const upTo = end || (partial.length >= 65_536 ? partial.length : 0);
            if (!upTo) return;
            log(partial.slice(0, upTo));
            partial = partial.slice(upTo);
          });
          stream.on("close", () => {
            if (partial) log(partial);
            partial = "";
            if (--open === 0) drained();
          });
        }
        // A command that does not read its stdin closes it early: that is its business, not a failure.
        child.stdin.on("error", () => undefined);
        child.stdin.end(body);
        child.on("error", (error) =>
          finish({
            ok: false,
            reason: say.listener.execNotStarted(command, (error as NodeJS.ErrnoException).code ?? error.message),
          }),
        );
        child.on("exit", (code, killedBy) => {
          const result: HandOffResult =
            stoppedBecause !== undefined
              ? { ok: false, reason: stoppedBecause }
              : code === 0
                ? { ok: true }
                : {
                    ok: false,
                    reason: killedBy
                      ? say.listener.execKilled(command, killedBy)
                      : say.listener.execExited(command, code),
                  };
          if (groupAlive(group)) {
            // Something it started still runs: a stopped command's group gets its SIGKILL when the
            // grace period ends; one that exited on its own keeps what it started.
            return finish(result);
          }
          clearTimeout(killTimer);
          // Nothing left in its group: its last words are on their way through the pipes.
          if (open === 0) return finish(result);
          const cut = setTimeout(() => finish(result), lastWordsMs);
          drained = () => {
            clearTimeout(cut);
            finish(result);
          };
        });
      });
    },
  };
}

/** Whether any process of the group still runs (a zombie is gone for this purpose only once reaped). */
function groupAlive(group: number | undefined): boolean {
  if (group === undefined) return false;
  try {
    process.kill(-group, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
