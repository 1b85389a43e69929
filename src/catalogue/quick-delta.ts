/**
 * The launcher's answer to a piped `reseller items` whose kept catalogue is over a minute old
 * (quick.ts says when): the `items` command itself, with the context, service client and error
 * printer every command has, run without declaring and parsing the whole program around it. Built
 * on its own (dist/items-delta.cjs): an old copy's search then costs the young copy's, plus what
 * asking the service for what changed costs, not a compile of the CLI as well.
 */
import { createRequire } from "node:module";
import { run } from "../commands/items.js";
import type { Env } from "../config/settings.js";
import { createContext, type Context } from "../context.js";
import { reportCommandError } from "../output/print-error.js";
import { interruptSignal, processTerminal } from "../process-edge.js";
import { parseQuickFlags } from "./quick.js";

const version = (createRequire(import.meta.url)("../package.json") as { version: string }).version;

/** Runs `items` for argv (after `reseller`) as the CLI would; resolves to the exit code. */
export async function answerAfterDelta(args: string[], env: Env): Promise<number> {
  const flags = parseQuickFlags(args);
  const terminal = processTerminal();
  const interrupt = interruptSignal();
  let ctx: Context | undefined;
  try {
    // The launcher asks only for what quick.ts read: it cannot be otherwise.
    if (!flags) throw new Error("items-delta was given flags the quick answer does not read");
    ctx = await createContext({ flags, env, terminal, signal: interrupt.signal, version });
    await run(ctx, { search: flags.search, category: flags.category, process: flags.process, refresh: false });
    return 0;
  } catch (error) {
    return reportCommandError(error, terminal.stderr, ctx, flags?.json === true);
  } finally {
    await ctx?.dispose();
    interrupt.dispose();
  }
}
