import type { Dialect } from "../api/wire.js";
import type { Context } from "../context.js";

export interface EmulatorCommandOptions {
  port?: number;
  host?: string;
  state?: string;
  seed?: number;
  /** Which published answer shapes to speak; the emulator's own default (live) when absent. */
  dialect?: Dialect;
  /** Grow the catalogue to at least this many variants. */
  catalogueSize?: number;
  /** stdout gets only `export NAME='value'` lines, for `eval`. */
  printEnv?: boolean;
  /** Start it in the background and return once it answers. */
  detach?: boolean;
  /** POST webhooks to callback URLs off this machine too. */
  allowRemoteWebhooks?: boolean;
}

/** Runs until Ctrl-C (or, with --detach, in the background). The emulator is loaded only by this command. */
export async function run(ctx: Context, options: EmulatorCommandOptions): Promise<void> {
  const { runEmulator } = await import("../emulator/command.js");
  await runEmulator(
    {
      stdout: ctx.terminal.stdout as NodeJS.WritableStream,
      stderr: ctx.terminal.stderr as NodeJS.WritableStream,
      signal: ctx.signal,
    },
    {
      port: options.port ?? 8787,
      host: options.host,
      stateFile: options.state,
      seed: options.seed,
      dialect: options.dialect,
      catalogueSize: options.catalogueSize,
      printEnv: options.printEnv === true,
      detach: options.detach === true,
      allowRemoteWebhooks: options.allowRemoteWebhooks === true,
    },
  );
}
