/**
 * Runs the declared program: builds each command's context, calls its handler, and turns every
 * failure, from a handler or from commander's parsing, into the one printer's text and an exit code.
 */
import { CommanderError, type CommandUnknownOpts as Command } from "@commander-js/extra-typings";
import { globalFlagsFrom } from "./config/definitions.js";
import { defaultConfigDir, type Env, profileOf } from "./config/settings.js";
import { ConfigStore } from "./config/store.js";
import type { Context, Terminal } from "./context.js";
import { ResellerError, UsageError } from "./errors.js";
import { languageOfRun } from "./messages/language.js";
import { runCatalogue } from "./messages/messages.js";
import { buildProgram, version } from "./program.js";
import { recordsRunStarts } from "./records/database.js";
import { stderrWidthOf, terminalWidth } from "./config/settings.js";
import { wrapLines } from "./output/message.js";

export interface Process {
  argv: string[];
  env: Env;
  terminal: Terminal;
  signal: AbortSignal;
}

/** Runs `reseller` with the given process pieces; resolves to the exit code. */
export async function main(proc: Process): Promise<number> {
  let exitCode = 0;
  // One store for the run: the profile's language and the command's settings come from one read of the file.
  const store = new ConfigStore(defaultConfigDir(proc.env));
  // The words are chosen before commands are declared: their help speaks the language too.
  const say = runCatalogue(languageAtStart(proc.argv, proc.env, store).language);
  const [{ createContext }, { reportCommandError }] = await Promise.all([
    import("./context.js"),
    import("./output/print-error.js"),
  ]);
  const wantsJson = proc.argv.some((arg) => arg === "--json" || arg === "--jq" || arg.startsWith("--jq="));

  // Every failure, from a handler or from commander's parsing, goes through the one printer.
  const stderrWidth = stderrWidthOf(proc.env, proc.terminal);
  const report = (error: unknown, ctx?: Context): number =>
    reportCommandError(error, proc.terminal.stderr, ctx, wantsJson, say, stderrWidth);

  // The command line, and the words its help speaks.
  const words = { argv: proc.argv, say };
  const program = buildProgram(async (command, load, options, { movesNoMoney, endsWithItsReader }) => {
    let ctx: Context | undefined;
    const recordsRunEnds = recordsRunStarts();
    try {
      ctx = await createContext({
        flags: globalFlagsFrom(command.optsWithGlobals()),
        env: proc.env,
        terminal: proc.terminal,
        signal: proc.signal,
        version,
        store,
        say,
        movesNoMoney,
      });
      if (!movesNoMoney && !endsWithItsReader) proc.terminal.runToTheEndWhenOutputCloses?.();
      const handler = await load();
      exitCode = (await ctx.finish(handler.run(ctx, options))) ?? 0;
    } catch (error) {
      exitCode = report(error, ctx);
    } finally {
      await ctx?.dispose();
      recordsRunEnds();
    }
  }, words);

  // Help is fitted to the same width as tables: commander wraps what it lays out, and the text
  // added after it (examples, what is piped) is broken between words here.
  const helpWidth = terminalWidth(proc.env, proc.terminal.stdoutIsTTY ? proc.terminal.stdoutColumns : undefined);
  const output = {
    writeOut: (s: string) => proc.terminal.stdout.write(wrapLines(s, helpWidth)),
    getOutHelpWidth: () => helpWidth,
    writeErr: (s: string) => proc.terminal.stderr.write(s),
    // Usage errors are printed by the one printer, as text or JSON like every other error.
    outputError: () => undefined,
  };
  // Sub-commands copy these settings only when created, so each one is told too.
  for (const command of [program, ...allCommands(program)]) command.exitOverride().configureOutput(output);

  if (proc.argv.length === 0) {
    program.outputHelp();
    return 0;
  }
  try {
    await program.parseAsync(proc.argv, { from: "user" });
  } catch (error) {
    if (error instanceof CommanderError) {
      if (["commander.helpDisplayed", "commander.version", "commander.help"].includes(error.code)) return 0;
      // commander's words become the tool's own sentence, with the flag meant and the help to read.
      const { usageErrorOf } = await import("./usage-words.js");
      return report(usageErrorOf(error, program, proc.argv, say));
    }
    // Only a flag's rule throws while parsing: said as a usage error, with the command's help.
    if (error instanceof UsageError)
      return report((await import("./usage-words.js")).usageErrorOfRule(error, program, proc.argv));
    if (error instanceof ResellerError) return report(error);
    throw error;
  }
  return exitCode;
}

function allCommands(command: Command): Command[] {
  return command.commands.flatMap((c) => [c, ...allCommands(c)]);
}

/**
 * The language for this run (src/messages/language.ts). A config file that cannot be read says
 * nothing here; the command that needs it says what is wrong.
 */
export function languageAtStart(
  argv: readonly string[],
  env: Env,
  store: ConfigStore,
): ReturnType<typeof languageOfRun> {
  return languageOfRun(argv, env, (profileFlag) => {
    try {
      // The profile as the command's settings will name it: a blank RESELLER_PROFILE is `default` here too.
      const profile = store.profile(profileOf({ profile: profileFlag }, env));
      return typeof profile.language === "string" ? profile.language : undefined;
    } catch {
      return undefined;
    }
  });
}
