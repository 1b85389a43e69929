import type { Context } from "../context.js";
import type { EmulatorOptions } from "./emulator/flags.js";

/** Runs until Ctrl-C (or, with --detach, in the background). The emulator is loaded only by this command. */
export async function run(ctx: Context, options: EmulatorOptions): Promise<void> {
  const { runEmulator } = await import("../emulator/command.js");
  await runEmulator(
    {
      stdout: ctx.terminal.stdout as NodeJS.WritableStream,
      stderr: ctx.terminal.stderr as NodeJS.WritableStream,
      signal: ctx.signal,
      stdoutIsTerminal: ctx.output.stdoutIsTTY,
      say: ctx.say,
      stderrWidth: ctx.output.stderrWidth,
    },
    { ...options, port: options.port ?? 8787 },
  );
}
