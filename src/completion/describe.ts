/**
 * The program walked into a description no shell owns: each command path with its sub-commands,
 * flags and fixed choices. The bash, zsh and fish scripts are all written from this, so a new
 * command or flag is completed without anyone editing the scripts.
 */
import type { CommandUnknownOpts as Command } from "@commander-js/extra-typings";
import type { Messages } from "../messages/messages.js";
import { optionHelp, summaryOf } from "../registry/help-screen.js";

export type Shell = "bash" | "zsh" | "fish";

/** Values completed from the service or the config (through `reseller __complete`), not from the declaration. */
export type Dynamic = "channels" | "locks" | "profiles" | "items";

export interface FlagSpec {
  names: string[];
  takesValue: boolean;
  description: string;
  dynamic?: Dynamic;
  files?: boolean;
}

export interface CommandSpec {
  /** Words after `reseller`, space-separated; "" for the top level. */
  path: string;
  commands: { name: string; description: string }[];
  flags: FlagSpec[];
  /** Fixed choices for the first argument (`completion bash|zsh|fish`, `config get KEY`). */
  choices: string[];
  dynamic?: Dynamic;
}

export interface CompletionSpec {
  globalFlags: FlagSpec[];
  commands: CommandSpec[];
  /** Every flag that takes a value, so the command-line walk can skip the values. */
  valueFlags: string[];
  /** Flags whose value is asked of `reseller __complete`. */
  dynamicFlags: Record<string, Dynamic>;
  /** Command paths whose argument is asked of `reseller __complete`. */
  dynamicArguments: Record<string, Dynamic>;
  /** Flags whose value is a file name. */
  fileFlags: string[];
}

// Which values are dynamic, and which are files, is the one thing the declaration cannot say.
const dynamicFlags: Record<string, Dynamic> = {
  "--channel": "channels",
  "--lock": "locks",
  "--profile": "profiles",
  "--item": "items",
};
const dynamicArguments: Record<string, Dynamic> = { "lock release": "locks" };
const fileFlags = ["--cart", "--file", "--out", "--state"];

/**
 * An argument's choices when its description is a plain list of words: "bash, zsh or fish",
 * "base_url, timeout, max_retries". Anything else ("item (variant) id") has none.
 */
function choicesFrom(description: string): string[] {
  const words = description.split(/\s*,\s*|\s+or\s+/).map((w) => w.trim());
  return words.length > 1 && words.every((w) => /^[a-z][a-z0-9_]*$/.test(w)) ? words : [];
}

/** The program described, its words in the reader's catalogue, `say`. */
export function describeProgram(program: Command, say: Messages): CompletionSpec {
  const help = program.createHelp();
  const flagOf = (command: Command, option: Command["options"][number]): FlagSpec => {
    const names = [option.long, option.short].filter((n): n is string => typeof n === "string");
    const long = option.long ?? "";
    return {
      names,
      takesValue: option.required || option.optional,
      // In the reader's language, as help says it; commander's own --help is not declared by us.
      description: option.long === "--help" ? say.help.helpFlag : optionHelp(command, option, say),
      dynamic: dynamicFlags[long],
      files: fileFlags.includes(long),
    };
  };
  const commands: CommandSpec[] = [];
  const visit = (command: Command, path: string) => {
    // commander's own implicit `help` sub-command is not something to buy with; hidden ones stay hidden.
    const children = help.visibleCommands(command).filter((c) => c.name() !== "help");
    const argument = command.registeredArguments[0];
    commands.push({
      path,
      commands: children
        .map((c) => ({ name: c.name(), description: summaryOf(c, say) }))
        .sort((a, b) => a.name.localeCompare(b.name)),
      flags: path === "" ? [] : help.visibleOptions(command).map((option) => flagOf(command, option)),
      choices: argument ? (argument.argChoices ?? choicesFrom(argument.description)) : [],
      dynamic: dynamicArguments[path],
    });
    for (const child of children) visit(child, path ? `${path} ${child.name()}` : child.name());
  };
  visit(program, "");
  const globalFlags = help.visibleOptions(program).map((option) => flagOf(program, option));
  // Global flags work after any sub-command too; each path's list has them once (`--help` is both).
  for (const c of commands) {
    const own = new Set(c.flags.flatMap((f) => f.names));
    c.flags = [...c.flags, ...globalFlags.filter((g) => !g.names.some((n) => own.has(n)))];
  }
  const valueFlags = [
    ...new Set(
      [...globalFlags, ...commands.flatMap((c) => c.flags)].filter((f) => f.takesValue).flatMap((f) => f.names),
    ),
  ].sort();
  return { globalFlags, commands, valueFlags, dynamicFlags, dynamicArguments, fileFlags };
}
