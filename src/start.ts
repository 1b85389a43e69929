/**
 * The process edge: the only place that reads process.argv/env, listens for Ctrl-C and sets the
 * exit code. Everything below it gets these as plain values.
 */
import { main } from "./cli.js";
import { interruptSignal, processTerminal } from "./process-edge.js";

export async function start(): Promise<void> {
  const interrupt = interruptSignal();
  const code = await main({
    argv: process.argv.slice(2),
    env: process.env,
    signal: interrupt.signal,
    terminal: processTerminal(),
  });
  interrupt.dispose();
  process.exitCode = code;
}
