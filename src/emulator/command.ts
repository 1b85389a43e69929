import { startEmulator, type EmulatorOptions } from "./server.js";

export interface EmulatorCommandIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  signal: AbortSignal;
}

export type EmulatorCommandOptions = Pick<EmulatorOptions, "port" | "host" | "stateFile" | "seed" | "dialect" | "catalogueSize">;

/**
 * `reseller emulator`: runs until the signal aborts. stdout carries only what a script needs, so
 * `eval "$(reseller emulator --port 0 | grep ^export)"` works; people-facing text goes to stderr.
 */
export async function runEmulator(io: EmulatorCommandIo, options: EmulatorCommandOptions): Promise<void> {
  const emulator = await startEmulator({ ...options, log: (line) => io.stderr.write(line + "\n") });
  io.stdout.write(
    [
      `Base URL: ${emulator.baseUrl}`,
      `Demo API key: ${emulator.demoApiKey}`,
      `export RESELLER_BASE_URL=${emulator.baseUrl}`,
      `export RESELLER_API_KEY=${emulator.demoApiKey}`,
      "",
    ].join("\n"),
  );
  io.stderr.write(
    (options.stateFile ? `State is kept in ${options.stateFile}\n` : "State is in memory; use --state FILE to keep it\n") +
      `Answering in the ${emulator.dialect} dialect; switch with --dialect live|live-short|spec or POST /__emulator/dialect\n` +
      `Test controls: ${emulator.baseUrl}/__emulator/state, /__emulator/clock, /__emulator/faults, /__emulator/dialect\n` +
      "Press Ctrl-C to stop\n",
  );
  const host = options.host ?? "127.0.0.1";
  if (!/^(127\.|localhost$|::1$|\[::1\]$)/.test(host)) {
    // The control surface has no key: on a shared network anyone could move the clock or inject faults.
    io.stderr.write(`Warning: listening on ${host}; anyone who can reach it can use the test controls under /__emulator/.\n`);
  }
  if (!io.signal.aborted) {
    await new Promise<void>((resolve) => io.signal.addEventListener("abort", () => resolve(), { once: true }));
  }
  await emulator.close();
}
