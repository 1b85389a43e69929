/**
 * Help laid out for people, in their language. The English is the declaration's; another language's
 * words are found by the command's path and the flag's or argument's name (`say.commandHelp`), so
 * editing an English sentence never orphans its translation.
 */
import type { Argument, CommandUnknownOpts, Help, Option } from "@commander-js/extra-typings";
import type { CommandHelpWords, Messages } from "../messages/messages.js";

/** Words after `reseller` that name a command: "lock add"; "" for the program itself. */
export function commandPath(command: CommandUnknownOpts): string {
  const names: string[] = [];
  for (let c: CommandUnknownOpts | null = command; c?.parent; c = c.parent) names.unshift(c.name());
  return names.join(" ");
}

function wordsOf(command: CommandUnknownOpts, say: Messages): CommandHelpWords {
  return say.commandHelp[commandPath(command)] ?? {};
}

/** A command's summary in the reader's language. */
export function summaryOf(command: CommandUnknownOpts, say: Messages): string {
  return wordsOf(command, say).summary ?? command.description();
}

/** A flag's description in the reader's language. */
export function optionHelp(command: CommandUnknownOpts, option: Option, say: Messages): string {
  return wordsOf(command, say).options?.[option.long ?? option.short ?? ""] ?? option.description;
}

function argumentHelp(command: CommandUnknownOpts, argument: Argument, say: Messages): string {
  return wordsOf(command, say).arguments?.[argument.name()] ?? argument.description;
}

/** What commander made of a declared text (`… (default: 4)`), its declared part in the reader's language. */
function inLanguage(said: string, text: string, made: string): string {
  return text && made.startsWith(text) ? said + made.slice(text.length) : made;
}

/** Example command lines; a comment after ` # ` is for people, in their language. */
export function examples(lines: readonly string[], say: Messages, comments: CommandHelpWords["comments"] = {}): string {
  const said = lines.map((line) =>
    line.replace(
      /(\s#\s+)(.+)$/,
      (all, mark: string, words: string) => mark + (comments[line.slice(0, -all.length).trimEnd()] ?? words),
    ),
  );
  return `\n${say.help.examples}\n${said.map((l) => `  $ ${l}`).join("\n")}\n`;
}

/** What a declaration says after its flags (src/registry/declaration.ts), in English. */
interface HelpAfterFlags {
  piped?: string;
  details?: string;
  about?: string;
  examples?: readonly string[];
}

/** The help after a command's flags: piped columns, notes, examples. */
export function helpAfter(command: CommandUnknownOpts, declaration: HelpAfterFlags, say: Messages): string {
  const words = wordsOf(command, say);
  const { piped, details, about } = declaration;
  return (
    (piped ? `\n${say.help.piped(words.piped ?? piped)}\n` : "") +
    (details ? `${words.details ?? details}\n` : "") +
    (about ? `\n${words.about ?? about}\n` : "") +
    (declaration.examples ? examples(declaration.examples, say, words.comments) : "")
  );
}

/** The topics `reseller help TOPIC` answers beside the commands. */
export const helpTopicNames = ["environment", "exit-codes"] as const;

/** `reseller --help` lists commands by what a reseller does with them, the daily ones first, as gh does. */
export const commandGroups: readonly (readonly [group: keyof Messages["help"]["groups"], names: readonly string[]])[] =
  [
    [
      "core",
      ["buy", "alternatives", "trx", "receipt", "validate", "lock", "history", "reconcile", "pending", "sandbox"],
    ],
    ["catalogue", ["items", "item", "prices"]],
    ["money", ["balance", "report", "topup", "channels", "leaderboard"]],
    ["setup", ["login", "logout", "config", "webhook", "completion", "emulator", "version"]],
  ];

const helpTopicItems = (say: Messages): readonly [term: string, description: string][] => [
  [say.help.topicCommandTerm, say.help.topicCommand],
  ["help environment", say.help.topicEnvironment],
  ["help exit-codes", say.help.topicExitCodes],
];

/**
 * Help laid out for people: a command's sub-commands before its flags; the root's commands in groups,
 * then the help topics, then the flags every command takes, said once there. Other commands name the
 * global flags on one line instead of repeating their sixteen lines.
 */
export function formatHelp(cmd: CommandUnknownOpts, helper: Help, say: Messages): string {
  const width = helper.helpWidth ?? 80;
  const isRoot = cmd.parent === null;
  const termWidth = Math.max(
    helper.padWidth(cmd, helper),
    ...(isRoot ? helpTopicItems(say).map(([term]) => term.length) : []),
  );
  const item = (term: string, description: string) => helper.formatItem(term, termWidth, description, helper);
  const list = (heading: string, items: string[]) => helper.formatItemList(heading, items, helper);
  const inWords = (usage: string) =>
    usage.replace("[options]", say.help.optionsWord).replace("[command]", say.help.commandWord);
  const commandItem = (c: CommandUnknownOpts) =>
    item(
      inWords(helper.subcommandTerm(c)),
      inLanguage(summaryOf(c, say), c.description(), helper.subcommandDescription(c)),
    );
  // commander's own help flag and `(default: …)` in the reader's language too.
  const optionItems = helper
    .visibleOptions(cmd)
    .map((o) =>
      item(
        helper.optionTerm(o),
        o.long === "--help"
          ? say.help.helpFlag
          : inLanguage(optionHelp(cmd, o, say), o.description, helper.optionDescription(o)).replace(
              /\(default: /,
              `(${say.help.defaultIs}: `,
            ),
      ),
    );
  let out = [`${say.help.usage} ${inWords(helper.commandUsage(cmd))}`, ""];
  const description = inLanguage(summaryOf(cmd, say), cmd.description(), helper.commandDescription(cmd));
  if (description) out.push(helper.boxWrap(description, width), "");
  out = out.concat(
    list(
      say.help.arguments,
      helper
        .visibleArguments(cmd)
        .map((a) =>
          item(
            helper.argumentTerm(a),
            inLanguage(argumentHelp(cmd, a, say), a.description, helper.argumentDescription(a)),
          ),
        ),
    ),
  );
  const commands = helper.visibleCommands(cmd);
  if (!isRoot) {
    out = out.concat(list(say.help.commands, commands.map(commandItem)), list(say.help.options, optionItems));
    let root: CommandUnknownOpts = cmd;
    while (root.parent) root = root.parent;
    const globals = root.options.filter((o) => !["--version", "--help"].includes(o.long ?? "")).map((o) => o.long);
    out.push(helper.boxWrap(say.help.globalFlags(globals.join(", ")), width), "");
    return out.join("\n");
  }
  const grouped = new Set(commandGroups.flatMap(([, names]) => names));
  for (const [group, names] of commandGroups) {
    out = out.concat(
      list(say.help.groups[group], names.flatMap((name) => commands.filter((c) => c.name() === name)).map(commandItem)),
    );
  }
  out = out.concat(
    list(
      say.help.otherCommands,
      commands.filter((c) => !grouped.has(c.name()) && c.name() !== "help").map(commandItem),
    ),
  );
  out = out.concat(
    list(
      say.help.helpTopics,
      helpTopicItems(say).map(([term, text]) => item(term, text)),
    ),
  );
  out = out.concat(list(say.help.flags, optionItems));
  return out.join("\n");
}
