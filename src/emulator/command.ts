import { spawn } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { UsageError } from "../errors.js";
import type { Messages } from "../messages/messages.js";
import { wrapMessage } from "../output/message.js";
import { startEmulator, type EmulatorOptions } from "./server.js";

export interface EmulatorCommandIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  signal: AbortSignal;
  /** stdout is a person's terminal: its address and key lines are labelled in their language; piped, as scripts read them. */
  stdoutIsTerminal?: boolean;
  /** The catalogue its lines to the person running it are worded in. */
  say: Messages;
  /** stderr's width when it is a terminal: the lines to the person wrap to it between words. */
  stderrWidth?: number;
}

/** The address and the demo key, before the export lines. */
function startLines(io: EmulatorCommandIo, baseUrl: string, apiKey: string): string[] {
  return io.stdoutIsTerminal
    ? [io.say.emulator.baseUrlLine(baseUrl), io.say.emulator.apiKeyLine(apiKey)]
    : [`Base URL: ${baseUrl}`, `Demo API key: ${apiKey}`];
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
  const where = (say: Messages) => `${options.port ?? 0}${options.host ? say.emulator.on(options.host) : ""}`;
  if (code === "EADDRINUSE") {
    return new UsageError((say) => say.emulator.portInUse(where(say)), {
      code: "PORT_IN_USE",
      suggestion: (say) => say.emulator.portInUseHint,
    });
  }
  if (code === "EACCES")
    return new UsageError((say) => say.emulator.portNotAllowed(where(say)), {
      code: "PORT_NOT_ALLOWED",
      suggestion: (say) => say.emulator.portNotAllowedHint,
    });
  if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND")
    return new UsageError((say) => say.emulator.hostNotHere(options.host ?? ""), {
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
    `${(options.printEnv ? exports : [...startLines(io, emulator.baseUrl, emulator.demoApiKey), ...exports]).join("\n")}\n`,
  );
  const { say } = io;
  const line = lineFor(io);
  io.stderr.write(
    line(options.stateFile ? say.emulator.stateKept(options.stateFile) : say.emulator.stateInMemory) +
      line(say.emulator.dialect(emulator.dialect)) +
      line(say.emulator.controls(emulator.baseUrl)) +
      // eval "$(…)" waits for the end of stdout, which a foreground emulator never gives.
      line((options.printEnv ? say.emulator.foreground : "") + say.emulator.pressCtrlC),
  );
  const exposed = exposedWarning(say, options.host);
  if (exposed) io.stderr.write(line(exposed));
  if (!io.signal.aborted) {
    await new Promise<void>((resolve) => io.signal.addEventListener("abort", () => resolve(), { once: true }));
  }
  await emulator.close();
}

/**
 * Said on stderr whether the emulator runs here or in the background (where its own stderr goes to a
 * log nobody reads): bound beyond this machine, its demo keys and test controls are open to the network.
 */
function exposedWarning(say: Messages, host = "127.0.0.1"): string | undefined {
  if (/^(127\.|localhost$|::1$|\[::1\]$)/.test(host)) return undefined;
  return say.emulator.exposed(host);
}

/**
 * A line to the person running it, wrapped to their terminal between words: a terminal would fold it
 * mid-word (`PO` / `ST /__emulator/dialect`).
 */
function lineFor(io: EmulatorCommandIo): (text: string) => string {
  return (text) => `${wrapMessage(text, io.stderrWidth, 0, 2)}\n`;
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
  // In English whatever the config says: its log is read back below, by its labels.
  const args = ["emulator", "--lang", "en", "--port", String(options.port ?? 0)];
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
      // A port problem is said again in the reader's language; anything else as the emulator said it.
      const errno = { PORT_IN_USE: "EADDRINUSE", PORT_NOT_ALLOWED: "EACCES", HOST_NOT_HERE: "EADDRNOTAVAIL" }[code];
      if (errno) throw portProblem(Object.assign(new Error(message), { code: errno }), options);
      const hint = lines.find((line) => line.startsWith("Hint: "))?.slice("Hint: ".length);
      throw new UsageError(message, { code, suggestion: hint ?? ((say) => say.emulator.seeLog(log)) });
    }
    throw new UsageError((say) => say.emulator.notStarted(detachReadyMs / 1000), {
      code: "EMULATOR_NOT_STARTED",
      suggestion: (say) => say.emulator.seeLog(log),
    });
  }
  child.unref();
  const baseUrl = found.get("RESELLER_BASE_URL")!;
  const apiKey = found.get("RESELLER_API_KEY")!;
  const exports = [exportLine("RESELLER_BASE_URL", baseUrl), exportLine("RESELLER_API_KEY", apiKey)];
  io.stdout.write(
    `${(options.printEnv ? [...exports, exportLine("RESELLER_EMULATOR_PID", String(child.pid))] : [...startLines(io, baseUrl, apiKey), ...exports]).join("\n")}\n`,
  );
  const line = lineFor(io);
  io.stderr.write(
    line(io.say.emulator.detached(baseUrl, child.pid, log)) +
      line(io.say.emulator.stopWith(child.pid, options.printEnv === true)),
  );
  const exposed = exposedWarning(io.say, options.host);
  if (exposed) io.stderr.write(line(exposed));
}
