/**
 * A real pseudo-terminal for the interactive flows: tmux runs the BUILT `reseller` in a detached
 * session of a fixed size; tests type with send-keys and read the screen with capture-pane. One tmux
 * server (socket) per test file, killed at the end, so files running in parallel never meet.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll } from "vitest";
import { baseEnv, binPath } from "../support/cli.js";
import { needsPrograms } from "../support/tools.js";
import { makeTempDir } from "../support/temp-dir.js";

/** Single-quoted for the shell tmux runs the command with. */
function sq(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An OSC sequence tmux ignores (no screen change): the end of a program's output in the recording. */
const endMark = "\u001b]7007;reseller-test-ended\u0007";

export interface RunOptions {
  /** The whole environment of the command (nothing leaks in from the test runner's). */
  env: Record<string, string>;
  /** Send stdout to this file instead of the terminal (stderr and stdin stay the terminal). */
  stdoutFile?: string;
  width?: number;
  height?: number;
}

export class TmuxServer {
  readonly socket: string;
  private readonly configFile: string;
  private readonly dir: string;
  private sessions = 0;

  constructor(name: string) {
    this.socket = `reseller-${name}-${process.pid}`;
    this.dir = makeTempDir("reseller-tmux-");
    this.configFile = join(this.dir, "tmux.conf");
    // remain-on-exit keeps a finished pane so its exit status can be read; no status line on the screen.
    // exit-empty off: closing the last session must not stop the server, or the next test's
    // new-session can reach it while it shuts down ("server exited unexpectedly").
    writeFileSync(
      this.configFile,
      [
        "set -s exit-empty off",
        "set -g remain-on-exit on",
        "set -g status off",
        "set -g history-limit 5000",
        "set -g default-size 120x45",
        "",
      ].join("\n"),
    );
  }

  tmux(args: string[]): string {
    // -u: the client speaks UTF-8, so capture-pane gives back the QR code's blocks, not underscores.
    return execFileSync("tmux", ["-u", "-L", this.socket, "-f", this.configFile, ...args], {
      encoding: "utf8",
      // tmux's complaints go into the thrown error, not onto the test run's output.
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, LANG: "C.UTF-8", LC_ALL: "C.UTF-8" },
    });
  }

  /** Starts `node bin/reseller.js ...args` in a new session and returns a handle on its screen. */
  run(args: string[], options: RunOptions): TerminalSession {
    return this.runProgram([process.execPath, binPath, ...args], options);
  }

  /** Starts any program (a shell, for completion) the same way. */
  runProgram(argv: string[], options: RunOptions): TerminalSession {
    const name = `s${++this.sessions}`;
    const env = Object.entries(options.env).map(([k, v]) => sq(`${k}=${v}`));
    // The exit status goes to a file: tmux's own #{pane_dead_status} is sometimes left empty when a
    // program ends right after leaving raw mode, and an "EXIT:" line would clutter the screen under test.
    // Before it, the shell writes `endMark` to the terminal after the program's last byte: once the
    // recording holds it, tmux has drawn and recorded everything the program wrote.
    const statusFile = join(this.dir, `${name}.status`);
    const command =
      ["env", "-i", ...env, ...argv.map(sq)].join(" ") +
      (options.stdoutFile ? ` > ${sq(options.stdoutFile)}` : "") +
      `; code=$?; printf ${sq(endMark.replace("\u001b", "\\033").replace("\u0007", "\\007"))}; echo $code > ${sq(statusFile)}`;
    const outputFile = join(this.dir, `${name}.out`);
    // The program waits for a tiny file until the output is being recorded, so no early byte is missed.
    const ready = join(this.dir, `${name}.ready`);
    const gated = `while [ ! -e ${sq(ready)} ]; do sleep 0.01; done; ${command}`;
    this.tmux([
      "new-session",
      "-d",
      "-s",
      name,
      "-x",
      String(options.width ?? 120),
      "-y",
      String(options.height ?? 45),
      gated,
    ]);
    this.tmux(["pipe-pane", "-t", name, `cat >> ${sq(outputFile)}`]);
    writeFileSync(ready, "");
    return new TerminalSession(this, name, statusFile, outputFile);
  }

  kill(): void {
    try {
      this.tmux(["kill-server"]);
    } catch {
      // Already gone: every session ended and the server left with them.
    }
  }
}

export class TerminalSession {
  constructor(
    private readonly server: TmuxServer,
    readonly name: string,
    private readonly statusFile: string,
    private readonly outputFile: string,
  ) {}

  /** The whole screen and its scrollback, trailing blanks trimmed. */
  screen(): string {
    const text = this.server.tmux(["capture-pane", "-p", "-J", "-S", "-", "-t", this.name]);
    return text
      .split("\n")
      .map((l) => l.trimEnd())
      .join("\n")
      .replace(/\n+$/, "");
  }

  /** Polls the screen until `pattern` shows; fails with the screen as it was. */
  async waitFor(pattern: string | RegExp, timeoutMs = 10_000): Promise<string> {
    const started = Date.now();
    for (;;) {
      const screen = this.screen();
      if (typeof pattern === "string" ? screen.includes(pattern) : pattern.test(screen)) return screen;
      if (Date.now() - started > timeoutMs)
        throw new Error(`Timed out after ${timeoutMs} ms waiting for ${String(pattern)}; the screen was:\n${screen}`);
      await sleep(40);
    }
  }

  /** Every byte the program wrote to the terminal, escape sequences included. */
  output(): string {
    return existsSync(this.outputFile) ? readFileSync(this.outputFile, "utf8") : "";
  }

  /**
   * Whether the cursor is shown, judged from the bytes written: the last hide or show wins. (tmux's own
   * #{cursor_flag} cannot be read once the program has ended.)
   */
  cursorShown(): boolean {
    const out = this.output();
    return out.lastIndexOf("\u001b[?25l") <= out.lastIndexOf("\u001b[?25h");
  }

  /** Key names as tmux knows them: Enter, Escape, Down, C-c, q. */
  press(...keys: string[]): void {
    this.server.tmux(["send-keys", "-t", this.name, ...keys]);
  }

  /** Text typed as it is (-l: no key-name lookup). */
  type(text: string): void {
    this.server.tmux(["send-keys", "-t", this.name, "-l", text]);
  }

  /**
   * Waits for the program to end and returns its exit status. By then its last bytes are on the screen
   * and in output(): the status file alone can come before tmux has read them from the terminal, or
   * before the recording's pipe has written them.
   */
  async exitCode(timeoutMs = 10_000): Promise<number> {
    const started = Date.now();
    for (;;) {
      const status = existsSync(this.statusFile) ? readFileSync(this.statusFile, "utf8").trim() : "";
      if (status !== "" && this.output().includes(endMark)) return Number(status);
      if (Date.now() - started > timeoutMs) {
        const state = status === "" ? "Still running" : `Ended (${status}) but not all recorded`;
        throw new Error(`${state} after ${timeoutMs} ms; the screen was:\n${this.screen()}`);
      }
      await sleep(40);
    }
  }

  close(): void {
    try {
      this.server.tmux(["kill-session", "-t", this.name]);
    } catch {
      // The session is already gone.
    }
  }
}

/**
 * One tmux server for the test file (or describe block), killed after its tests. Those tests need
 * tmux: without it they are skipped, or fail on CI.
 */
export function useTmux(name: string): TmuxServer {
  needsPrograms("tmux");
  const server = new TmuxServer(name);
  afterAll(() => server.kill());
  return server;
}

/** The environment a person's terminal would give `reseller`: the clean one of the pipe tests, plus TERM. */
export function terminalEnv(extra: Record<string, string | undefined>): Record<string, string> {
  return baseEnv({ TERM: "xterm-256color", ...extra });
}
