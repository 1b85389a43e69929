/**
 * `reseller completion bash|zsh|fish`: the program's declaration, walked into a neutral description,
 * written out as the chosen shell's script. Dynamic values come from `reseller __complete`
 * (src/commands/complete.ts).
 */
import type { CommandUnknownOpts as Command } from "@commander-js/extra-typings";
import type { Context } from "../context.js";
import type { Messages } from "../messages/messages.js";
import { bashScript } from "../completion/bash.js";
import { describeProgram, type CompletionSpec, type Shell } from "../completion/describe.js";
import { fishScript } from "../completion/fish.js";
import { zshScript } from "../completion/zsh.js";
import type { CompletionOptions } from "./completion/flags.js";

export type { Shell } from "../completion/describe.js";

const scripts: Record<Shell, (spec: CompletionSpec, say: Messages) => string> = {
  bash: bashScript,
  zsh: zshScript,
  fish: fishScript,
};

export function completionScript(shell: Shell, program: Command, say: Messages): string {
  return scripts[shell](describeProgram(program, say), say);
}

/** The declaration hands its program over, to be read only: importing it from here would make a loop. */
export async function run(ctx: Context, options: CompletionOptions): Promise<void> {
  ctx.terminal.stdout.write(completionScript(options.shell, options.program, ctx.say));
}
