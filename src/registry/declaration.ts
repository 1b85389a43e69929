/**
 * What a command module declares about itself (`defineCommand`): its name, summary, flags and
 * arguments with their types, the piped columns and examples of its help, and a lazy `load` of its
 * handler. The handler's options are the flags as declared: an option is named once, in the
 * declaration, and the handler's type is checked against it. Loading a declaration loads none of
 * its handler's modules.
 */
import { type Command, type CommandUnknownOpts, Option, type OptionValues } from "@commander-js/extra-typings";
import {
  type CommandFlagName,
  commandFlagHelp,
  definitions,
  flagName,
  globalFlagsFrom,
  readSetting,
  type SettingValue,
} from "../config/definitions.js";
import type { Context } from "../context.js";
import type { Messages } from "../messages/messages.js";
import * as rules from "../rules/input.js";
import { helpAfter } from "./help-screen.js";

export type Handler<O> = { run: (ctx: Context, options: O) => Promise<number | void> };

/** What the declaration says of how its command runs, beside its handler. */
export interface RunsHow {
  /** See `Declaration.movesNoMoney`. */
  movesNoMoney: boolean;
  /** See `Declaration.endsWithItsReader`. */
  endsWithItsReader: boolean;
}

/** What the declaration asks of whoever runs it: given the command, its handler's loader, the parsed options and how it runs. */
export type RunCommand = <O>(
  command: CommandUnknownOpts,
  load: () => Promise<Handler<O>>,
  options: O,
  how: RunsHow,
) => Promise<void>;

/** Nothing declared yet: commander's `{}`. */
export type Nothing = Record<never, never>;

/** A command as commander has it before its flags and arguments are declared. */
export type Bare = Command<[], Nothing, Nothing>;

type Simplify<T> = { [K in keyof T]: T[K] } & {};
type Switch<V> = [NonNullable<V>] extends [true] ? true : false;
type List<V> = [NonNullable<V>] extends [readonly unknown[]] ? true : false;

/**
 * The flags as a handler gets them: a switch (`--wait`) is true or false, a repeatable flag
 * (`--opt`) a list, empty when not given; the others as declared, undefined when not given.
 */
export type Flags<O> = Simplify<
  { [K in keyof O as Switch<O[K]> extends true ? K : never]-?: boolean } & {
    [K in keyof O as List<O[K]> extends true ? K : never]-?: NonNullable<O[K]>;
  } & { [K in keyof O as Switch<O[K]> extends true ? never : List<O[K]> extends true ? never : K]: O[K] }
>;

/** A command's flags and arguments as declared on commander's command (`(c) => c.option(…)`). */
// biome-ignore lint/suspicious/noExplicitAny: any arguments and flags; `FlagsOf` and `ArgumentsOf` read them back.
export type FlagsDeclaration = (command: Bare) => Command<any, any, Nothing>;

/** The flags a declaration gives its handler (see `Flags`): the handler's options, named only there. */
export type FlagsOf<F extends FlagsDeclaration> = Flags<ReturnType<ReturnType<F>["opts"]>>;

/** The arguments a declaration gives, in order, typed by their parsers. */
export type ArgumentsOf<F extends FlagsDeclaration> =
  ReturnType<F> extends Command<infer A, OptionValues, Nothing> ? A : never;

export interface Declaration<A extends unknown[], O extends OptionValues, I> {
  name: string;
  /** One line, as the command lists say it. */
  summary: string;
  hidden?: boolean;
  /** The arguments and flags, declared on commander's command: their types become the handler's. */
  flags?: (command: Bare) => Command<A, O, Nothing>;
  /** What a script reads when stdout is a pipe: `one line per X, tab-separated: a, b, c`. */
  piped?: string;
  /** Lines said right after the piped columns (the JSON's shape, what a flag changes). */
  details?: string;
  /** A paragraph of its own after the flags, where `piped` does not fit. */
  about?: string;
  /** Example command lines; a comment after ` # ` is for people, in their language. */
  examples?: readonly string[];
  /** The handler's options when they are more than the flags: the arguments, or what the command line says. */
  input?: (flags: Flags<O>, args: A, command: CommandUnknownOpts) => I;
  load?: (command: CommandUnknownOpts) => Promise<Handler<I>>;
  /**
   * Nothing it sends moves money or is journaled (it reads the balance, the catalogue, orders): its
   * `--jq` expression is checked while its request travels. Not said, the expression is checked before
   * anything is sent, so a typo never follows a purchase.
   */
  movesNoMoney?: true;
  /**
   * It follows until stopped (`pending --follow`, `webhook listen`) and what it keeps is on disk as it
   * goes: it ends when the reader of its output goes (`| head -1`), as a script waiting for one line
   * expects, rather than running to its end as a purchase does.
   */
  endsWithItsReader?: true;
  /** Instead of `load`, for what runs without a context (`help`): the arguments, the command and the reader's catalogue. */
  act?: (args: A, command: CommandUnknownOpts, say: Messages) => Promise<void>;
  commands?: readonly CommandDeclaration[];
}

/** A declaration as the registry holds it, whatever its flags. */
// biome-ignore lint/suspicious/noExplicitAny: the registry only passes each declaration's own values back to it.
export type CommandDeclaration = Declaration<any, any, any>;

/**
 * A command's declaration, checked: the handler `load` gives takes the options the flags (or `input`)
 * make. The handler's type is inferred apart and checked after, so it never decides the flags' types.
 */
export function defineCommand<A extends unknown[] = [], O extends OptionValues = Nothing, I = Flags<O>, L = Handler<I>>(
  declaration: Omit<Declaration<A, O, I>, "load"> & { load?: (command: CommandUnknownOpts) => Promise<L> },
): L extends Handler<I> ? CommandDeclaration : { "the handler does not take the declared options": [I, L] } {
  return declaration as never;
}

/** A repeatable flag's values, in order (`--opt a --opt b`). */
export const collect = (value: string, previous: string[] = []) => [...previous, value];

/**
 * A flag's value checked by its rule. The rule's own UsageError goes out as it is (commander passes on
 * any error but its InvalidArgumentError), so the sentence is the tool's, naming the flag and the value.
 */
export function parser<T>(rule: (value: string) => T): (value: string) => T {
  return (value) => rule(value);
}

/** Every declared flag by name: switches false and repeatable flags empty when not given (see `Flags`). */
export function flagsOf(command: CommandUnknownOpts): Record<string, unknown> {
  const given: Record<string, unknown> = command.opts();
  const values: Record<string, unknown> = {};
  for (const option of command.options as readonly Option[]) {
    const name = option.attributeName();
    if (given[name] !== undefined) values[name] = given[name];
    else if (option.isBoolean() && !option.negate) values[name] = false;
    else if (option.parseArg === (collect as unknown)) values[name] = [];
    else values[name] = undefined;
  }
  return values;
}

/** `--item <id>`, required, as every command that names one item declares it. */
export function itemOption() {
  return new Option("--item <id>", "item (variant) id")
    .makeOptionMandatory()
    .argParser(parser((v) => rules.positiveInteger("--item", v)));
}

/**
 * A flag whose value a named rule checks (`rules.positiveInteger`), the flag's long name given to the
 * rule from its declaration: the name is written once, and the refusal names the flag as typed.
 */
export function ruledOption<Usage extends string, T>(
  flags: Usage,
  description: string,
  rule: (name: string, value: string) => T,
) {
  const name = flags.split(/[ ,]/).find((word) => word.startsWith("--")) ?? flags;
  return new Option(flags, description).argParser(parser((v) => rule(name, v)));
}

/** `--qty <n>`, required, said as the command needs it (`quantity, at least the item's minimum order`). */
export function quantityOption(what = "quantity") {
  return ruledOption("--qty <n>", what, rules.quantity).makeOptionMandatory();
}

/** `--exec-timeout <seconds>`: how long a command's --exec may run (the listener's and `pending`'s alike). */
export function execTimeoutOption() {
  return ruledOption(
    "--exec-timeout <seconds>",
    "longest an --exec command may run before it is stopped and tried again later (default 60)",
    rules.timerSeconds,
  );
}

/** `--exec-grace <seconds>`: a stopped --exec command's time between SIGTERM and SIGKILL. */
export function execGraceOption() {
  return ruledOption(
    "--exec-grace <seconds>",
    "how long a stopped --exec command and what it started have between SIGTERM and SIGKILL (default 5)",
    rules.timerSeconds,
  );
}

/** A command's flag that stands for a setting (`--wait-timeout`): the setting's own check, typed by it. */
export function settingOption<N extends CommandFlagName>(name: N, what: string) {
  const flag = definitions[name].commandFlag;
  return new Option<(typeof definitions)[N]["commandFlag"]>(flag, commandFlagHelp(name, what)).argParser(
    (v): SettingValue<N> => readSetting(name, v, flagName(flag)),
  );
}

/**
 * `--lang` as given on this command line, checked by the settings' table: receipts follow it, and
 * not RESELLER_LANG or the profile's language, which are the reseller's own, not the customer's.
 */
export function langOnCommandLine(command: CommandUnknownOpts): SettingValue<"language"> | undefined {
  const text = globalFlagsFrom(command.optsWithGlobals()).lang;
  return text === undefined ? undefined : readSetting("language", text, "--lang");
}

/**
 * The command a declaration describes, with its sub-commands, on `parent`; its action runs the handler
 * through `run`. Its help speaks the reader's catalogue, `say`.
 */
export function declareOn(
  parent: CommandUnknownOpts,
  declaration: CommandDeclaration,
  run: RunCommand,
  say: Messages,
): void {
  // `command()`, not `addCommand()`: a sub-command copies the parent's help layout and parsing settings.
  const bare = parent.command(declaration.name, declaration.hidden ? { hidden: true } : {}) as unknown as Bare;
  const command: CommandUnknownOpts = (declaration.flags ? declaration.flags(bare) : bare).description(
    declaration.summary,
  );
  // Worded when the help is shown: a command that runs never reads its help's words.
  command.addHelpText("after", () => helpAfter(command, declaration, say));
  const { load, input, act } = declaration;
  if (act)
    command.action((...given: unknown[]) => act(given.slice(0, command.registeredArguments.length), command, say));
  if (load) {
    command.action((...given: unknown[]) => {
      const args = given.slice(0, command.registeredArguments.length);
      const flags = flagsOf(command);
      return run(command, () => load(command), input ? input(flags, args, command) : flags, {
        movesNoMoney: declaration.movesNoMoney === true,
        endsWithItsReader: declaration.endsWithItsReader === true,
      });
    });
  }
  for (const sub of declaration.commands ?? []) declareOn(command, sub, run, say);
}
