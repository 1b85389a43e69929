/**
 * A script run in a fresh bash, as a person pastes lines into a shell: no profile, no rc file, a
 * process group of its own (so what it starts can be stopped with it), at most a minute to finish.
 */
import { type ChildProcess, spawn } from "node:child_process";

export interface BashOptions {
  env: Record<string, string>;
  cwd?: string;
  /** bash's own options, as `-o pipefail`. */
  options?: string[];
  /** The script read from stdin line by line, as pasted, rather than given with -c (stdin then empty). */
  pasted?: boolean;
  /** Once the output so far matches, the group is sent SIGTERM: for a server that runs until stopped. */
  stopWhen?: RegExp;
  /** Called every tenth of a second while the script runs. */
  meanwhile?: () => void;
  /** The shell, once started: for an afterEach to stop it when the test ends before the script does. */
  started?: (shell: ChildProcess) => void;
}

export interface BashResult {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Whether stopWhen stopped it. */
  stopped: boolean;
}

export function runBash(script: string, options: BashOptions): Promise<BashResult> {
  const { pasted = false } = options;
  return new Promise((resolve) => {
    const shell = spawn(
      "bash",
      ["--noprofile", "--norc", ...(options.options ?? []), ...(pasted ? ["-s"] : ["-c", script])],
      { cwd: options.cwd, env: options.env, stdio: [pasted ? "pipe" : "ignore", "pipe", "pipe"], detached: true },
    );
    options.started?.(shell);
    let stdout = "";
    let stderr = "";
    let stopped = false;
    const watch = () => {
      if (stopped || !options.stopWhen?.test(stdout + stderr)) return;
      stopped = true;
      process.kill(-shell.pid!, "SIGTERM");
    };
    shell.stdout!.setEncoding("utf8").on("data", (d: string) => ((stdout += d), watch()));
    shell.stderr!.setEncoding("utf8").on("data", (d: string) => ((stderr += d), watch()));
    const ticking = options.meanwhile && setInterval(options.meanwhile, 100);
    // A group already stopped is left to end of itself.
    const limit = setTimeout(() => (stopped ? undefined : process.kill(-shell.pid!, "SIGKILL")), 60_000);
    shell.on("close", (code) => {
      clearInterval(ticking);
      clearTimeout(limit);
      resolve({ code, stdout, stderr, stopped });
    });
    if (pasted) shell.stdin!.end(script);
  });
}
