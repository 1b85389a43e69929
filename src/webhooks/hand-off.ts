/**
 * Where `webhook listen` hands a verified event: on to another address (`--forward-to`), or to a
 * command (`--exec`), from the listener's queue (queue.ts), after the service was answered: a
 * failed hand-off is tried again by the listener, each try carrying the same delivery id.
 */
import { spawn } from "node:child_process";
import type { IncomingHttpHeaders } from "node:http";
import { request } from "undici";
import { withoutCredentials } from "../config/mask.js";
import { InputError } from "../errors.js";

/** What one hand-off got: nothing when it succeeded, otherwise why not, for the person watching. */
export type HandOffResult = { ok: true; note?: string } | { ok: false; reason: string };

/** One hand-off: the payload, the headers it came with, the event's fields, and the delivery's id. */
export interface Parcel {
  body: Buffer;
  headers: IncomingHttpHeaders | Record<string, string>;
  env: Record<string, string>;
  /** The same for every hand-off of one delivery, also after a restart: a target drops repeats by it. */
  deliveryId: string;
}

export interface HandOff {
  /** For the start-up line: "forwarding to …", "running …". */
  describe: string;
  deliver(parcel: Parcel, signal: AbortSignal): Promise<HandOffResult>;
}

/** The header that names a delivery for --forward-to targets; RESELLER_DELIVERY_ID for --exec. */
export const deliveryIdHeader = "x-reseller-delivery";

/** Longest a forward target may take to answer before the try counts as failed. */
export const forwardTimeoutMs = 15_000;
/** Longest an --exec command may run before it is stopped and the try counted as failed. */
export const execTimeoutMs = 60_000;

/**
 * Headers never passed on: those that describe one connection, not the message, and those that
 * carry someone's credentials (whoever reaches the listener could otherwise hand them to the target).
 */
const notPassedOn = new Set([
  "host",
  "connection",
  "keep-alive",
  "content-length",
  "transfer-encoding",
  "te",
  "trailer",
  "upgrade",
  "expect",
  "proxy-authorization",
  "proxy-connection",
  "authorization",
  "cookie",
  "x-apikey",
  "x-api-key",
  deliveryIdHeader,
]);

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
    throw new InputError(`--forward-to "${url}" is not a URL.`, {
      suggestion: "For example: --forward-to http://localhost:3000/webhooks",
    });
  }
  if (target.protocol !== "http:" && target.protocol !== "https:")
    throw new InputError(`--forward-to must be an http:// or https:// address, not ${target.protocol}`);
  return target;
}

export function forwardTo(url: string): HandOff {
  const target = forwardTarget(url);
  // Said in messages and kept in the deliveries file: never the user:password a target URL may carry.
  const shown = withoutCredentials(target.href);
  return {
    describe: `forwarding each event to ${shown}`,
    async deliver({ body, headers, deliveryId }, signal) {
      const passed: Record<string, string> = {};
      for (const [name, value] of Object.entries(headers)) {
        if (value === undefined || notPassedOn.has(name.toLowerCase())) continue;
        passed[name] = Array.isArray(value) ? value.join(", ") : value;
      }
      passed[deliveryIdHeader] = deliveryId;
      try {
        const response = await request(target, {
          method: "POST",
          headers: passed,
          body,
          signal: AbortSignal.any([signal, AbortSignal.timeout(forwardTimeoutMs)]),
          headersTimeout: forwardTimeoutMs,
          bodyTimeout: forwardTimeoutMs,
        });
        // Only the status matters; the rest is read away so the connection can be reused.
        await response.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
        if (response.statusCode >= 200 && response.statusCode < 300)
          return { ok: true, note: `${target.host} answered ${response.statusCode}` };
        return { ok: false, reason: `${shown} answered HTTP ${response.statusCode}` };
      } catch (error) {
        const code = (error as { code?: string }).code ?? (error as Error).name;
        return {
          ok: false,
          reason: `${shown} could not be reached (${code === "TimeoutError" ? `no answer within ${forwardTimeoutMs / 1000} s` : code})`,
        };
      }
    },
  };
}

/**
 * `--exec CMD`: a shell runs CMD with the event's body on stdin and the event's fields in its
 * environment. Its own output goes to `log` (stderr): stdout belongs to the listener's event lines.
 */
export function execCommand(
  command: string,
  log: (chunk: string) => void,
  secrets: readonly (string | undefined)[],
): HandOff {
  if (!command.trim()) throw new InputError("--exec needs a command, e.g. --exec ./on-order.sh");
  const environment = childEnvironment(process.env, secrets);
  return {
    describe: `running \`${command}\` for each event`,
    deliver({ body, env, deliveryId }, signal) {
      return new Promise<HandOffResult>((resolve) => {
        // The command runs as the user's shell would run it: in their environment (without the API
        // key and the webhook secret: see childEnvironment), plus the event's fields and delivery id.
        const child = spawn(command, {
          shell: true,
          stdio: ["pipe", "pipe", "pipe"],
          env: { ...environment, ...env, RESELLER_DELIVERY_ID: deliveryId },
        });
        let settled = false;
        const finish = (result: HandOffResult) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          signal.removeEventListener("abort", stop);
          resolve(result);
        };
        const stop = () => child.kill("SIGTERM");
        const timer = setTimeout(() => {
          stop();
          finish({ ok: false, reason: `\`${command}\` ran longer than ${execTimeoutMs / 1000} s and was stopped` });
        }, execTimeoutMs);
        signal.addEventListener("abort", stop, { once: true });
        // Passed on a line at a time, so that a secret the command prints is masked whole even when
        // a pipe read cuts it in two; what is left at the end goes when the stream ends.
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
          stream.on("end", () => {
            if (partial) log(partial);
            partial = "";
          });
        }
        // A command that does not read its stdin closes it early: that is its business, not a failure.
        child.stdin.on("error", () => undefined);
        child.stdin.end(body);
        child.on("error", (error) =>
          finish({
            ok: false,
            reason: `\`${command}\` could not be started (${(error as NodeJS.ErrnoException).code ?? error.message})`,
          }),
        );
        child.on("close", (code, killedBy) => {
          if (code === 0) finish({ ok: true });
          else
            finish({
              ok: false,
              reason: killedBy ? `\`${command}\` was stopped by ${killedBy}` : `\`${command}\` exited with ${code}`,
            });
        });
      });
    },
  };
}
