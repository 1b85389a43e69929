/**
 * commander's parsing errors in the tool's own sentences: `--quantity is not an option of reseller buy.`
 * rather than `unknown option '--quantity'`, with the flag meant when it can be told (`--qty`, or
 * `--item 12` for `buy 12`) and the help to read. Loaded only when parsing failed.
 */
import type { CommanderError, CommandUnknownOpts as Command, Option } from "@commander-js/extra-typings";
import { UsageError, wordIn } from "./errors.js";
import type { Messages } from "./messages/messages.js";
import { closest } from "./config/choice.js";

/** Flags people reach for that reseller spells otherwise, whichever command they are given to. */
const otherSpellings: Readonly<Record<string, readonly string[]>> = {
  "--quantity": ["--qty"],
  "--jumlah": ["--qty"],
  "--count": ["--qty"],
  "--id": ["--item", "--customer-id"],
  "--item-id": ["--item"],
  "--variant": ["--item"],
  "--phone": ["--note", "--customer-id"],
  "--number": ["--note", "--customer-id"],
  "--nomor": ["--note", "--customer-id"],
  "--target": ["--note"],
  "--customer": ["--note", "--customer-id"],
  "--user-id": ["--customer-id", "--note"],
  "--zone": ["--zone-id"],
  "--server": ["--zone-id"],
  "--amount": ["--nominal"],
  "--nominal": ["--amount"],
  "--ref": ["--ref-id"],
  "--refid": ["--ref-id"],
  "--yes-please": ["--yes"],
  "--force": ["--yes"],
  "--no-confirm": ["--yes"],
  "--json-output": ["--json"],
};

/** Flags that would put the API key on argv, where other users of the machine can read it. */
const keyFlags = new Set(["--api-key", "--apikey", "--key", "--token"]);

/** The command the words of argv lead to: `lock add --qty` is `lock add`. */
function commandOf(program: Command, argv: string[]): Command {
  let command = program;
  for (const word of argv) {
    if (word === "--") break;
    if (word.startsWith("-")) continue;
    const next = command.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (!next) break;
    command = next;
  }
  return command;
}

/** Sub-commands help lists: a hidden one is never suggested. */
function shownCommands(command: Command): Command[] {
  return command.commands.filter((c) => !(c as unknown as { _hidden?: boolean })._hidden);
}

function pathOf(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c; c = c.parent) names.unshift(c.name());
  return names.join(" ");
}

/** `--item <id>` -> `--item`. */
function longFlag(flags: string): string {
  return flags.split(/[ ,|]+/).find((f) => f.startsWith("--")) ?? flags.split(/[ ,|]+/)[0] ?? flags;
}

function optionsOf(command: Command): Option[] {
  const all: Option[] = [];
  for (let c: Command | null = command; c; c = c.parent) all.push(...c.options);
  return all;
}

/** The flag meant by one this command does not have. */
function flagMeant(command: Command, flag: string): string | undefined {
  const known = optionsOf(command)
    .map((o) => o.long)
    .filter((l): l is string => typeof l === "string");
  const [name = flag] = flag.split("=");
  const spelled = (otherSpellings[name] ?? []).find((f) => known.includes(f));
  if (spelled) return spelled;
  return closest(name, known);
}

/** Turns a commander error into the UsageError the one printer says, in the reader's catalogue, `say`. */
export function usageErrorOf(error: CommanderError, program: Command, argv: string[], say: Messages): UsageError {
  const command = commandOf(program, argv);
  const path = pathOf(command);
  const help = say.usage.see(path);
  const text = error.message.replace(/^error: /, "");
  const quoted = (pattern: RegExp) => pattern.exec(text)?.[1];

  switch (error.code) {
    case "commander.unknownOption": {
      const flag = quoted(/unknown option '([^']+)'/) ?? "";
      const [name = flag] = flag.split("=");
      if (keyFlags.has(name)) {
        return new UsageError(say.usage.keyFlag(name), { suggestion: say.usage.keyFlagHint });
      }
      const meant = flagMeant(command, flag);
      const subs = shownCommands(command);
      // `trx --status x`: the flag belongs to a sub-command, named with it.
      const owners = subs.filter((c) => c.options.some((o) => o.long === flag.split("=")[0]));
      const suggestion = meant
        ? `${say.usage.didYouMean(meant)} ${help}`
        : owners.length
          ? `${say.usage.didYouMean(owners.map((c) => `\`${path} ${c.name()} ${flag}\``).join(say.usage.either))} ${help}`
          : subs.length
            ? `${say.usage.needsCommandFirst(path, subs.map((c) => c.name()).join(", "))} ${help}`
            : help;
      return new UsageError(say.usage.notAnOption(flag, path), { suggestion });
    }
    case "commander.unknownCommand": {
      const word = quoted(/unknown command '([^']+)'/) ?? "";
      const names = shownCommands(command).map((c) => c.name());
      const meant = closest(word, names);
      return new UsageError(say.usage.noSuchCommand(path, word), {
        suggestion: `${meant ? `${say.usage.didYouMean(meant)} ` : ""}${help}`,
      });
    }
    case "commander.excessArguments": {
      const expected = command.registeredArguments.length;
      const first = command.args.slice(expected)[0] ?? "";
      const takes = optionsOf(command).map((o) => o.long);
      // `buy 12` means `buy --item 12`: an id given without its flag.
      const meant = /^\d+$/.test(first) && takes.includes("--item") ? `--item ${first}` : undefined;
      const said =
        expected === 0 ? say.usage.noArguments(path, first) : say.usage.tooManyArguments(path, expected, first);
      return new UsageError(said, {
        suggestion: `${meant ? `${say.usage.didYouMean(`\`${path} ${meant}\``)} ` : ""}${help}`,
      });
    }
    case "commander.missingArgument": {
      const name = quoted(/missing required argument '([^']+)'/) ?? "argument";
      const argument = command.registeredArguments.find((a) => a.name() === name);
      return new UsageError(say.usage.needsArgument(path, name, argument?.description ?? ""), {
        suggestion: help,
      });
    }
    case "commander.optionMissingArgument": {
      const flags = quoted(/option '([^']+)' argument missing/) ?? "";
      const value = /<([^>]+)>/.exec(flags)?.[1];
      return new UsageError(say.usage.needsValue(longFlag(flags), value ?? ""), {
        suggestion: help,
      });
    }
    case "commander.missingMandatoryOptionValue": {
      const flags = quoted(/required option '([^']+)' not specified/) ?? "";
      const option = command.options.find((o) => o.flags === flags);
      return new UsageError(say.usage.needsOption(path, flags, option?.description ?? ""), {
        suggestion: help,
      });
    }
    case "commander.invalidArgument": {
      // Only commander's own checks get here; reseller's rules speak for themselves.
      return new UsageError(say.usage.invalidArgument(capitalised(text)), { suggestion: help });
    }
    default: {
      const [first = "", ...rest] = text.split("\n");
      const guess = rest.join(" ").match(/Did you mean (.+)\?/)?.[1];
      return new UsageError(`${capitalised(first).replace(/[^.]$/, "$&.")}`, {
        suggestion: guess ? `${say.usage.didYouMean(guess)} ${help}` : help,
      });
    }
  }
}

/**
 * A flag's value broken by one of reseller's rules while parsing: a usage error like commander's own
 * (code USAGE, exit 2), its words kept, with the help of the command it was given to.
 */
export function usageErrorOfRule(error: UsageError, program: Command, argv: string[]): UsageError {
  const path = pathOf(commandOf(program, argv));
  const given = error.suggestion;
  const suggestion = (say: Messages): string => {
    const help = say.usage.see(path);
    // A hint that already names the help to read (`help lock ad`) is not given a second one.
    const [helpStart = ""] = say.usage.see("").split("`");
    const hint = wordIn(given, say);
    return !hint ? help : hint.includes(helpStart) ? hint : `${hint} ${help}`;
  };
  return new UsageError(error.said, { suggestion, ...(error.details ? { details: error.details } : {}) });
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
