import { spawn } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { UsageError } from "../errors.js";
import { startEmulator, type EmulatorOptions } from "./server.js";

export interface EmulatorCommandIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  signal: AbortSignal;
}

export type EmulatorCommandOptions = Pick<
  EmulatorOptions,
  "port" | "host" | "stateFile" | "seed" | "dialect" | "catalogueSize" | "allowRemoteWebhooks"
> & {
  /** stdout gets only the `export` lines, for `eval`. */
  printEnv?: boolean;
  /** Start it in a process of its own, in the background, and return once it answers. */
  detach?: boolean;
};

/** `export NAME=value`, the value single-quoted for a POSIX shell when it holds anything but plain URL characters. */
function exportLine(name: string, value: string): string {
  return /^[\w:/.@%+=,-]+$/.test(value)
    ? `export ${name}=${value}`
    : `export ${name}='${value.replace(/'/g, `'\\''`)}'`;
}

/** A port someone else holds (or that needs privileges) is the person's to change, not a bug: exit 2. */
function portProblem(error: unknown, options: EmulatorCommandOptions): unknown {
  const code = (error as NodeJS.ErrnoException)?.code;
  const where = `${options.port ?? 0}${options.host ? ` on ${options.host}` : ""}`;
  if (code === "EADDRINUSE") {
    return new UsageError(`port ${where} is in use.`, {
      code: "PORT_IN_USE",
      suggestion:
        "Stop what listens there, choose another with --port N, or let the emulator take a free one with --port 0.",
    });
  }
  if (code === "EACCES")
    return new UsageError(`port ${where} needs privileges this user does not have.`, {
      code: "PORT_NOT_ALLOWED",
      suggestion: "Choose a port above 1023, or --port 0 for a free one.",
    });
  if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND")
    return new UsageError(`cannot listen on ${options.host}: it is not an address of this machine.`, {
      code: "HOST_NOT_HERE",
    });
  return error;
}

/**
 * `reseller emulator`: runs until the signal aborts. stdout carries only what a script needs
 * (with --print-env, only the lines to eval); people-facing text goes to stderr.
 */
export async function runEmulator(io: EmulatorCommandIo, options: EmulatorCommandOptions): Promise<void> {
  if (options.detach) return detach(io, options);
  let emulator: Awaited<ReturnType<typeof startEmulator>>;
  try {
    emulator = await startEmulator({ ...options, log: (line) => io.stderr.write(`${line}\n`) });
  } catch (error) {
    throw portProblem(error, options);
  }
  const exports = [
    exportLine("RESELLER_BASE_URL", emulator.baseUrl),
    exportLine("RESELLER_API_KEY", emulator.demoApiKey),
  ];
  io.stdout.write(
    `${(options.printEnv ? exports : [`Base URL: ${emulator.baseUrl}`, `Demo API key: ${emulator.demoApiKey}`, ...exports]).join("\n")}\n`,
  );
  io.stderr.write(
    (options.stateFile
      ? `State is kept in ${options.stateFile}\n`
      : "State is in memory; use --state FILE to keep it\n") +
      `Answering in the ${emulator.dialect} dialect; switch with --dialect live|live-short|spec or POST /__emulator/dialect\n` +
      `Test controls (X-APIKEY: an emulator key, JSON bodies): ${emulator.baseUrl}/__emulator/state, /__emulator/clock, /__emulator/faults, /__emulator/dialect\n` +
      // eval "$(…)" waits for the end of stdout, which a foreground emulator never gives.
      (options.printEnv ? "Running in the foreground: to eval these lines, add --detach. " : "") +
      "Press Ctrl-C to stop\n",
  );
  const exposed = exposedWarning(options.host);
  if (exposed) io.stderr.write(exposed);
  if (!io.signal.aborted) {
    await new Promise<void>((resolve) => io.signal.addEventListener("abort", () => resolve(), { once: true }));
  }
  await emulator.close();
}

/**
 * Said on stderr whether the emulator runs here or in the background (where its own stderr goes to a
 * log nobody reads): bound beyond this machine, its demo keys and test controls are open to the network.
 */
function exposedWarning(host = "127.0.0.1"): string | undefined {
  if (/^(127\.|localhost$|::1$|\[::1\]$)/.test(host)) return undefined;
  return `Warning: listening on ${host}; anyone who can reach it can use its demo API keys, and with them the test controls under /__emulator/.\n`;
}

/** How long --detach waits for the emulator in the background to answer. */
const detachReadyMs = 20_000;

/**
 * --detach: the same emulator in a process of its own (a new session, so closing the terminal does
 * not stop it), its log in a file. This process reads the lines it prints once it listens, prints
 * them, and exits: `eval "$(reseller emulator --port 0 --print-env --detach)"` returns at once,
 * where a pipe from a foreground emulator would never end. It stops on SIGTERM (`kill PID`).
 */
async function detach(io: EmulatorCommandIo, options: EmulatorCommandOptions): Promise<void> {
  const args = ["emulator", "--port", String(options.port ?? 0)];
  if (options.host) args.push("--host", options.host);
  if (options.stateFile) args.push("--state", options.stateFile);
  if (options.seed !== undefined) args.push("--seed", String(options.seed));
  if (options.dialect) args.push("--dialect", options.dialect);
  if (options.catalogueSize !== undefined) args.push("--catalogue-size", String(options.catalogueSize));
  if (options.allowRemoteWebhooks) args.push("--allow-remote-webhooks");
  const log = join(mkdtempSync(join(tmpdir(), "reseller-emulator-")), "emulator.log");
  const logFd = openSync(log, "a", 0o600);
  // The same launcher this process was started with; the emulator needs none of this environment.
  const child = spawn(process.execPath, [process.argv[1]!, ...args], {
    detached: true,
    stdio: ["ignore", "pipe", logFd],
    env: {},
  });
  closeSync(logFd);
  const found = await new Promise<Map<string, string> | undefined>((resolve) => {
    const values = new Map<string, string>();
    let text = "";
    const timer = setTimeout(() => resolve(undefined), detachReadyMs);
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      text += chunk;
      for (const [, name, quoted, plain] of text.matchAll(/^export (\w+)=(?:'([^']*)'|(\S*))$/gm))
        values.set(name!, quoted ?? plain!);
      if (values.has("RESELLER_BASE_URL") && values.has("RESELLER_API_KEY")) {
        clearTimeout(timer);
        resolve(values);
      }
    });
    child.on("exit", () => {
      clearTimeout(timer);
      resolve(undefined);
    });
  });
  child.stdout!.destroy();
  if (!found || child.pid === undefined) {
    child.kill();
    // What the emulator said as it failed (a port in use), said again here.
    const lines = readFileSync(log, "utf8").split("\n");
    const said = lines.find((line) => line.startsWith("Error: "));
    if (said) {
      const [, message = said, code = "EMULATOR_NOT_STARTED"] = said.match(/^Error: (.*?)(?: \((\w+)\))?$/) ?? [];
      const hint = lines.find((line) => line.startsWith("Hint: "))?.slice("Hint: ".length);
      throw new UsageError(message, { code, suggestion: hint ?? `See ${log}.` });
    }
    throw new UsageError(`The emulator did not start in the background within ${detachReadyMs / 1000} s.`, {
      code: "EMULATOR_NOT_STARTED",
      suggestion: `See ${log}.`,
    });
  }
  child.unref();
  const baseUrl = found.get("RESELLER_BASE_URL")!;
  const apiKey = found.get("RESELLER_API_KEY")!;
  const exports = [exportLine("RESELLER_BASE_URL", baseUrl), exportLine("RESELLER_API_KEY", apiKey)];
  io.stdout.write(
    `${(options.printEnv ? [...exports, exportLine("RESELLER_EMULATOR_PID", String(child.pid))] : [`Base URL: ${baseUrl}`, `Demo API key: ${apiKey}`, ...exports]).join("\n")}\n`,
  );
  io.stderr.write(
    `The emulator runs in the background at ${baseUrl} (pid ${child.pid}; its log: ${log}).\nStop it with: kill ${child.pid}${options.printEnv ? ` (or kill "$RESELLER_EMULATOR_PID")` : ""}\n`,
  );
  const exposed = exposedWarning(options.host);
  if (exposed) io.stderr.write(exposed);
}
