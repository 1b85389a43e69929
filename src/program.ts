/**
 * The command surface, declared thin: commander only parses and validates; each action imports
 * its handler on demand, so `reseller balance` never loads the prompt library or the emulator.
 * Running it (contexts, errors, exit codes) is src/cli.ts's job.
 */
// commander itself at run time; its extra typings give each action its options' types from their declaration.
import { Command, type CommandUnknownOpts, type Help, Option, type OptionValues } from "@commander-js/extra-typings";
import type { Context } from "./context.js";
import {
  type CommandFlagName,
  commandFlagHelp,
  definition,
  definitions,
  flagHelp,
  flagName,
  globalFlagsFrom,
  profileKeys,
  readSetting,
  type SettingValue,
  settingNames,
} from "./config/definitions.js";
import { UsageError } from "./errors.js";
import { declared, say } from "./messages/messages.js";
import * as rules from "./rules/input.js";
import { markup } from "./rules/markup.js";
import packageJson from "../package.json" with { type: "json" };

// The build writes package.json's version into the bundle: nothing to read at start-up.
export const version: string = packageJson.version;

export type Handler<O> = { run: (ctx: Context, options: O) => Promise<number | void> };

/** What the declaration asks of whoever runs it: given the command, its handler's loader and the parsed options. */
export type RunCommand = <O>(command: CommandUnknownOpts, load: () => Promise<Handler<O>>, options: O) => Promise<void>;

/**
 * A flag's value checked by its rule. The rule's own UsageError goes out as it is (commander passes on
 * any error but its InvalidArgumentError), so the sentence is the tool's, naming the flag and the value.
 */
function parser<T>(rule: (value: string) => T): (value: string) => T {
  return (value) => rule(value);
}

/** A command's flag that stands for a setting (`--wait-timeout`): the setting's own check, typed by it. */
function settingOption<N extends CommandFlagName>(name: N, what: string) {
  const flag = definitions[name].commandFlag;
  return new Option<(typeof definitions)[N]["commandFlag"]>(flag, commandFlagHelp(name, what)).argParser(
    (v): SettingValue<N> => readSetting(name, v, flagName(flag)),
  );
}

/**
 * `--lang` as given on this command line, checked by the settings' table: receipts follow it, and
 * not RESELLER_LANG or the profile's language, which are the reseller's own, not the customer's.
 */
function langOnCommandLine(command: CommandUnknownOpts): SettingValue<"language"> | undefined {
  const text = globalFlagsFrom(command.optsWithGlobals()).lang;
  return text === undefined ? undefined : readSetting("language", text, "--lang");
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** What commander made of a declared text (`… (default: 4)`), its declared part in the reader's language. */
function inLanguage(text: string, made: string): string {
  return text && made.startsWith(text) ? declared(text) + made.slice(text.length) : made;
}

/** Example command lines; a comment after ` # ` is for people, in their language. */
function examples(...lines: string[]): string {
  const said = lines.map((line) =>
    line.replace(/(\s#\s+)(.+)$/, (_all, mark: string, words: string) => mark + declared(words)),
  );
  return `\n${say.help.examples}\n${said.map((l) => `  $ ${l}`).join("\n")}\n`;
}

/**
 * What a script reads when stdout is a pipe, named in order; columns are only ever added at the end.
 * `one line per X, tab-separated: a, b, c`, or a record's `label<TAB>value lines: a, b`.
 */
function piped(text: string): string {
  return `\n${say.help.piped(declared(text))}\n`;
}

/** A paragraph of help after the flags, in the reader's language. */
function prose(text: string): string {
  return `\n${declared(text)}\n`;
}

/** The topics `reseller help TOPIC` answers beside the commands. */
const helpTopicNames = ["environment", "exit-codes"] as const;

/** `reseller --help` lists commands by what a reseller does with them, the daily ones first, as gh does. */
export const commandGroups: readonly (readonly [group: keyof typeof say.help.groups, names: readonly string[]])[] = [
  ["core", ["buy", "trx", "receipt", "validate", "lock", "history", "reconcile", "sandbox"]],
  ["catalogue", ["items", "item", "prices"]],
  ["money", ["balance", "report", "topup", "channels", "leaderboard"]],
  ["setup", ["login", "logout", "config", "webhook", "completion", "emulator", "version"]],
];

const helpTopicItems = (): readonly [term: string, description: string][] => [
  ["help COMMAND", say.help.topicCommand],
  ["help environment", say.help.topicEnvironment],
  ["help exit-codes", say.help.topicExitCodes],
];

/**
 * Help laid out for people: a command's sub-commands before its flags; the root's commands in groups,
 * then the help topics, then the flags every command takes, said once there. Other commands name the
 * global flags on one line instead of repeating their sixteen lines.
 */
function formatHelp(cmd: CommandUnknownOpts, helper: Help): string {
  const width = helper.helpWidth ?? 80;
  const isRoot = cmd.parent === null;
  const termWidth = Math.max(
    helper.padWidth(cmd, helper),
    ...(isRoot ? helpTopicItems().map(([term]) => term.length) : []),
  );
  const item = (term: string, description: string) => helper.formatItem(term, termWidth, description, helper);
  const list = (heading: string, items: string[]) => helper.formatItemList(heading, items, helper);
  const inWords = (usage: string) =>
    usage.replace("[options]", say.help.optionsWord).replace("[command]", say.help.commandWord);
  const commandItem = (c: CommandUnknownOpts) =>
    item(inWords(helper.subcommandTerm(c)), inLanguage(c.description(), helper.subcommandDescription(c)));
  // commander's own help flag and `(default: …)` in the reader's language too.
  const optionItems = helper
    .visibleOptions(cmd)
    .map((o) =>
      item(
        helper.optionTerm(o),
        o.long === "--help"
          ? say.help.helpFlag
          : inLanguage(o.description, helper.optionDescription(o)).replace(/\(default: /, `(${say.help.defaultIs}: `),
      ),
    );
  let out = [`${say.help.usage} ${inWords(helper.commandUsage(cmd))}`, ""];
  const description = inLanguage(cmd.description(), helper.commandDescription(cmd));
  if (description) out.push(helper.boxWrap(description, width), "");
  out = out.concat(
    list(
      say.help.arguments,
      helper
        .visibleArguments(cmd)
        .map((a) => item(helper.argumentTerm(a), inLanguage(a.description, helper.argumentDescription(a)))),
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
      helpTopicItems().map(([term, text]) => item(term, text)),
    ),
  );
  out = out.concat(list(say.help.flags, optionItems));
  return out.join("\n");
}

/** The program for this command line (argv as the user gave it): every command when no argv is given. */
export function buildProgram(run: RunCommand, argv: readonly string[] = []): CommandUnknownOpts {
  const program = new Command("reseller")
    .description(
      "Buy prepaid digital goods from the Reseller Commerce Service: balance, top-ups, purchases, stock locks.",
    )
    .version(version, "-v, --version", "print the version (also `reseller version`)")
    .showSuggestionAfterError(true)
    // `help` is declared below, with topics beside the commands.
    .helpCommand(false)
    .configureHelp({ formatHelp })
    .addHelpText(
      "after",
      `${examples(
        "reseller login",
        "reseller balance",
        "reseller buy --item 12 --qty 1 --note 081234567890",
        "reseller trx show INV-20261121-000123 --jq .data.status",
      )}\n${say.help.more}\n`,
    );
  // The global flags, from the settings' table; src/cli.ts reads them back by the same table.
  for (const name of settingNames) {
    const { flag } = definition(name);
    if (flag) program.addOption(new Option(flag, flagHelp(name)));
  }

  // Declaring the two dozen commands with their flags is ~2 ms of each start: a command line that
  // names one gets that one. Help and completion read the whole tree, and a first word that names no
  // command gets all of them for commander's suggestion of the closest.
  const named = argv[0];
  if (named !== undefined && named !== "help" && named !== "completion")
    declareCommands(program, run, (name) => name === named);
  if (program.commands.length === 0) declareCommands(program, run, () => true);

  // `reseller help lock add` is the one way to ask for help by name; `lock help` would only repeat it in each list.
  for (const command of program.commands) if (command.commands.length > 0) command.helpCommand(false);
  return program;
}

/** The commands `declares` names, with their flags, help and actions, on the program. */
function declareCommands(program: Command, run: RunCommand, declares: (name: string) => boolean): void {
  if (declares("login")) {
    program
      .command("login")
      .description("save an API key for the profile (hidden prompt, or stdin with --with-key); checks it first")
      .option("--with-key", "read the API key from stdin instead of prompting")
      .addHelpText(
        "after",
        examples(
          "reseller login --base-url https://api.example.com",
          "printf '%s' \"$KEY\" | reseller login --with-key --base-url https://api.example.com",
        ),
      )
      .action((opts, cmd) => run(cmd, () => import("./commands/login.js"), { withKey: opts.withKey === true }));
  }

  if (declares("version")) {
    program
      .command("version")
      .description("print the version of reseller (also -v and --version)")
      .addHelpText(
        "after",
        piped('the version alone, like 0.1.0; with --json {"version": …}') +
          examples("reseller version", "reseller version --json"),
      )
      .action((_o, cmd) =>
        run(
          cmd,
          () => import("./commands/version.js").then((m) => ({ run: (ctx: Context) => m.run(ctx, { version }) })),
          {},
        ),
      );
  }

  if (declares("help")) {
    program
      .command("help")
      .argument("[topic...]", `a command (\`lock add\`) or a topic: ${helpTopicNames.join(", ")}`)
      .description("help for a command, or a topic: environment (variables and flags), exit-codes")
      .addHelpText("after", examples("reseller help lock add", "reseller help environment", "reseller help exit-codes"))
      .action(async (topic: string[], _o, cmd) => {
        const out = cmd.configureOutput();
        const name = topic.join(" ");
        const helpTopic = helpTopicNames.find((t) => t === name);
        if (helpTopic) {
          const { helpTopics } = await import("./output/help-topics.js");
          out.writeOut?.(helpTopics[helpTopic]);
          return;
        }
        const help = program.createHelp();
        let command: CommandUnknownOpts = program;
        for (const word of topic) {
          const visible = help.visibleCommands(command);
          const next = visible.find((c) => c.name() === word || c.aliases().includes(word));
          if (!next) {
            const known = [...visible.map((c) => c.name()), ...(command === program ? helpTopicNames : [])];
            const close = known.filter((k) => k.startsWith(word.slice(0, 2)));
            throw new UsageError(
              say.usage.noHelpFor(
                topic.join(" "),
                command === program ? say.usage.noCommandOrTopic(word) : say.usage.noSubCommand(command.name(), word),
              ),
              {
                suggestion: `${close.length ? `${say.usage.didYouMean(close.join(say.usage.either))} ` : ""}${say.usage.read(`reseller help${command === program ? "" : ` ${topic.slice(0, topic.indexOf(word)).join(" ")}`}`)}`,
              },
            );
          }
          command = next;
        }
        command.outputHelp();
      });
  }

  if (declares("logout")) {
    program
      .command("logout")
      .description("forget the profile's API key")
      .addHelpText("after", examples("reseller logout", "reseller logout --profile shop2"))
      .action((_opts, cmd) => run(cmd, () => import("./commands/logout.js"), {}));
  }

  if (declares("config")) {
    const config = program
      .command("config")
      .description("read and change stored settings")
      .addHelpText("after", examples("reseller config list", "reseller config set timeout 60"));
    config
      .command("list")
      .description("every setting of the profile, the API key masked")
      .addHelpText(
        "after",
        piped(
          "one line per setting, tab-separated: setting, value (the API key masked), where it comes from (flag, environment, profile, default)",
        ) + examples("reseller config list"),
      )
      .action((_o, cmd) => run(cmd, () => import("./commands/config/list.js"), {}));
    config
      .command("get")
      .argument("<key>", profileKeys.join(", "))
      .description("one setting")
      .addHelpText(
        "after",
        piped("the value alone; nothing when it is not set") + examples("reseller config get base_url"),
      )
      .action((key: string, _o, cmd) => run(cmd, () => import("./commands/config/get.js"), { key }));
    config
      .command("set")
      .argument("<key>", profileKeys.filter((key) => definitions[key].check.type !== "secret").join(", "))
      .argument("<value>")
      .description("change a setting (the API key only through `reseller login`)")
      .addHelpText(
        "after",
        examples(
          "reseller config set timeout 60",
          "reseller config set base_url https://api.example.com --profile shop2",
        ),
      )
      .action((key: string, value: string, _o, cmd) =>
        run(cmd, () => import("./commands/config/set.js"), { key, value }),
      );
    config
      .command("path")
      .description("where the config file is")
      .addHelpText("after", piped("the path alone") + examples("reseller config path"))
      .action((_o, cmd) => run(cmd, () => import("./commands/config/path.js"), {}));
  }

  if (declares("balance")) {
    const balance = program
      .command("balance")
      .description("your balance, in real time")
      .option(
        "--below <rupiah>",
        "for cron and bots: exit 1 with one line on stderr when the balance is under this (100000, 100rb)",
        parser((v) => rules.rupiah("--below", v)),
      )
      .addHelpText(
        "after",
        piped("one line, tab-separated: balance, the amount in Rupiah") +
          examples(
            "reseller balance",
            "reseller balance --jq .data.balance",
            "reseller balance --below 100rb > /dev/null || echo 'top up soon'",
            "reseller balance history",
          ),
      )
      .action((opts, cmd) => run(cmd, () => import("./commands/balance.js"), { below: opts.below }));
    balance
      .command("history")
      .option(
        "--page <n>",
        "which page of the history (default 1, the newest)",
        parser((v) => rules.positiveInteger("--page", v)),
      )
      .description("how the balance moved, newest first: purchases, refunds, top-ups")
      .addHelpText(
        "after",
        prose(
          "Piped, one line per change, tab-separated: time, type, amount (negative when it went out), balance before, balance after, description, invoice, then name=value for each field reseller has no column for.",
        ) +
          examples(
            "reseller balance history",
            "reseller balance history --page 2",
            "reseller balance history --json | jq '.data'",
          ),
      )
      .action((opts, cmd) => run(cmd, () => import("./commands/balance/history.js"), { page: opts.page }));
  }

  if (declares("channels")) {
    program
      .command("channels")
      .description("payment channels for top-ups, with their fees")
      .addHelpText(
        "after",
        piped(
          "one line per channel, tab-separated: code, name, fee (the flat part), fee percentage, minimum, maximum, on or off",
        ) + examples("reseller channels", "reseller channels --jq '.data[] | select(.code == \"QRIS\") | .fee'"),
      )
      .action((_o, cmd) => run(cmd, () => import("./commands/channels.js"), {}));
  }

  if (declares("topup")) {
    program
      .command("topup")
      .description("top up the balance: get a payment link (asks for what is missing on a terminal)")
      .option(
        "--amount <rupiah>",
        "at least 10.000, as you write it: 50000, 50.000, Rp 50.000, 50rb, 1,5jt",
        parser(rules.topUpAmount),
      )
      .option("--channel <code>", "a code from `reseller channels`")
      .option("-y, --yes", "do not ask for confirmation")
      .addHelpText(
        "after",
        piped(
          "one line, tab-separated: payment link (else the QR link), amount, fee, total, channel, expires, QR link, invoice",
        ) +
          examples(
            "reseller topup",
            "reseller topup --amount 100000 --channel QRIS --yes",
            "reseller topup --amount 100000 --channel QRIS --yes | cut -f1",
          ),
      )
      .action((opts, cmd) =>
        run(cmd, () => import("./commands/topup.js"), {
          amount: opts.amount,
          channel: opts.channel,
          yes: opts.yes === true,
        }),
      );
  }

  if (declares("item")) {
    program
      .command("item")
      .argument(
        "<id>",
        "item (variant) id",
        parser((v) => rules.positiveInteger("item id", v)),
      )
      .description("one item: name, price, stock, minimum order, required fields, open-amount range, account check")
      .addHelpText(
        "after",
        piped(
          "label<TAB>value lines: item, name, price, stock, minimum_order, order_process, required_fields, open_amount, account_check, description",
        ) + examples("reseller item 12", "reseller item 21 --jq .data.validation"),
      )
      .action((id: number, _o, cmd) => run(cmd, () => import("./commands/item.js"), { id }));
  }

  if (declares("validate")) {
    program
      .command("validate")
      .requiredOption(
        "--item <id>",
        "item (variant) id",
        parser((v) => rules.positiveInteger("--item", v)),
      )
      .requiredOption(
        "--customer-id <id>",
        "the customer's game user id (or number)",
        parser((v) => rules.customerId("--customer-id", v)),
      )
      .option(
        "--zone-id <zone>",
        "the game's zone or server, for items whose check needs one",
        parser((v) => rules.customerId("--zone-id", v)),
      )
      .description("the account name behind a customer id, before paying (items whose account check is offered)")
      .addHelpText(
        "after",
        prose("Piped: label<TAB>value lines; `account` is the account name as the service gave it.") +
          examples(
            "reseller validate --item 22 --customer-id 123456789",
            "reseller validate --item 21 --customer-id 12345678 --zone-id 1234",
            "reseller validate --item 21 --customer-id 12345678 --zone-id 1234 --json | jq -r .data.account_name",
          ),
      )
      .action((opts, cmd) =>
        run(cmd, () => import("./commands/validate.js"), {
          item: opts.item,
          customerId: opts.customerId,
          ...(opts.zoneId !== undefined ? { zoneId: opts.zoneId } : {}),
        }),
      );
  }

  if (declares("items")) {
    program
      .command("items")
      .description("the catalogue, one row per buyable variant, from a copy kept up to date with what changed")
      .option("--search <text>", "every word, in any case, in the category, product, name or SKU")
      .option("--category <name>", "one category, by name or slug (aplikasi-premium)")
      .option(
        "--process <kind>",
        "auto, h2h, smm or manual",
        parser((v) => rules.choice("--process", v, ["auto", "h2h", "smm", "manual"] as const)),
      )
      .option("--refresh", "fetch the whole catalogue again instead of what changed")
      .option(
        "--changes",
        "bring the copy up to date and list what changed since the last --changes: prices, new, gone, out of stock",
      )
      .addHelpText(
        "after",
        prose(
          "Piped: one line per variant, tab-separated: id, category, product, name, price,\n" +
            "process, stock (or unlimited), minimum order, sku.\n" +
            "With --changes, one line per change: change (price, new, gone, out_of_stock,\n" +
            "back_in_stock), id, old price, new price, product, name; nothing when nothing changed.\n" +
            '--json: {"server_time": …, "items": [{id, sku, category, product, name, price,\n' +
            "process, stock, unlimited, min_order}]}; with --changes {server_time, since, changes: [{change, id, product, name, old_price, new_price}]}.\n" +
            "The catalogue is kept in the config dir: a copy younger than a minute is used\n" +
            "without asking the service; an older one asks only for what changed.",
        ) +
          examples(
            "reseller items --search telkomsel",
            'reseller items --category "Top Up Game" --process h2h',
            "reseller items --search ML86 --json | jq '.items[0].price'",
            "reseller items --refresh",
            "reseller items --changes",
          ),
      )
      .action((opts, cmd) =>
        run(cmd, () => import("./commands/items.js"), {
          search: opts.search,
          category: opts.category,
          process: opts.process,
          refresh: opts.refresh === true,
          changes: opts.changes === true,
        }),
      );
  }

  if (declares("prices")) {
    const prices = program
      .command("prices")
      .description("your selling prices: each item's cost, selling price and margin, or a price list for customers")
      .option("--search <text>", "every word, in any case, in the category, product, name or SKU")
      .option("--category <name>", "one category, by name or slug")
      .option(
        "--format <format>",
        "a price list for customers, selling prices only: csv, md, or text (Indonesian, grouped by product, for WhatsApp)",
        parser((v) => rules.choice("--format", v, ["csv", "md", "text"] as const)),
      )
      .addHelpText(
        "after",
        piped(
          "one line per item, tab-separated: id, category, product, name, cost, selling price (empty without a rule), margin",
        ) +
          `${declared(
            '--json: {"server_time": …, "items": [{…the item as `items --json` gives it, selling_price, margin, rule}]}.\n' +
              "With --format, the list alone (items without a selling price are left out, and said on stderr).",
          )}\n` +
          examples(
            "reseller prices set --markup 10% --round 500",
            "reseller prices --search telkomsel",
            "reseller prices --format text --category Pulsa",
            "reseller prices --format csv > harga.csv",
          ),
      )
      .action((opts, cmd) =>
        run(cmd, () => import("./commands/prices/list.js"), {
          search: opts.search,
          category: opts.category,
          format: opts.format,
          // Only --lang on this command line: a price list is for customers, as a receipt is.
          lang: langOnCommandLine(cmd),
        }),
      );
    // Generic so that the options declared before it keep their types (`prices set`'s --markup).
    const scopeOptions = <A extends unknown[], O extends OptionValues, G extends OptionValues>(
      command: Command<A, O, G>,
    ) =>
      command
        .option("--category <name>", "for the items of one category (name or slug)")
        .option("--product <name>", "for the items of one product (name or slug)")
        .option(
          "--item <id>",
          "for one item",
          parser((v) => rules.positiveInteger("--item", v)),
        );
    scopeOptions(
      prices
        .command("set")
        .requiredOption(
          "--markup <markup>",
          "a percentage of the cost (10%, 7,5%) or Rupiah added to it (1500, 1.500, 1,5rb)",
          parser(markup),
        ),
    )
      .option(
        "--round <rupiah>",
        "round the selling price up to a multiple of this (500, 1rb)",
        parser((v) => rules.rupiah("--round", v)),
      )
      .description("set a markup rule: for every item, or one category, product or item (the most specific wins)")
      .addHelpText(
        "after",
        examples(
          "reseller prices set --markup 10% --round 500",
          'reseller prices set --markup 2000 --category "Top Up Game"',
          "reseller prices set --markup 15% --product Netflix --round 1000",
          "reseller prices set --markup 1500 --item 12",
        ),
      )
      .action((opts, cmd) =>
        run(cmd, () => import("./commands/prices/set.js"), {
          markup: opts.markup,
          round: opts.round,
          // `prices --category` is also the list's filter: commander gives the flag to `prices` wherever it stands.
          category: opts.category ?? cmd.optsWithGlobals().category,
          product: opts.product,
          item: opts.item,
        }),
      );
    scopeOptions(prices.command("unset"))
      .description("remove a markup rule: the one for every item, or for a category, product or item")
      .addHelpText("after", examples("reseller prices set --markup 1500 --item 12 && reseller prices unset --item 12"))
      .action((opts, cmd) =>
        run(cmd, () => import("./commands/prices/unset.js"), {
          // `prices --category` is also the list's filter: commander gives the flag to `prices` wherever it stands.
          category: opts.category ?? cmd.optsWithGlobals().category,
          product: opts.product,
          item: opts.item,
        }),
      );
    prices
      .command("rules")
      .description("the markup rules of the profile, the most specific first")
      .addHelpText(
        "after",
        piped(
          "one line per rule, tab-separated: scope (item, product, category, all), name or item id, markup (10% or 1500), round",
        ) + examples("reseller prices rules", "reseller prices rules --json"),
      )
      .action((_o, cmd) => run(cmd, () => import("./commands/prices/rules.js"), {}));
  }

  if (declares("buy")) {
    program
      .command("buy")
      .description("buy with your balance: one item, a cart of several, or many orders from a file")
      .option(
        "--item <id>",
        "item (variant) id",
        parser((v) => rules.positiveInteger("--item", v)),
      )
      .option(
        "--qty <n>",
        "quantity",
        parser((v) => rules.quantity("--qty", v)),
      )
      .option("--note <text>", "customer data: target number, user id, or an SMM JSON note")
      .option("--target <target>", "SMM: link or username; builds the JSON note")
      .option("--opt <option>", "SMM: an extra option (repeat for more)", collect)
      .option("--comment <text>", "SMM: comment for comment services")
      .option(
        "--cart <file>",
        "one transaction with several items: a JSON array of {item_id, quantity, note}; - for stdin",
      )
      .option("--file <orders>", "many transactions from orders.csv or orders.jsonl")
      .option(
        "--concurrency <n>",
        "with --file: orders in flight at once (default 4)",
        parser((v) => rules.positiveInteger("--concurrency", v)),
      )
      .option("--out <results>", "with --file: also write each result as a JSON line here")
      .option(
        "--skip-bought",
        "with --file: skip orders that match a recent purchase (same item, quantity, customer) and buy the new ones",
      )
      .option(
        "--again",
        "buy again what matches a recent purchase (same item, quantity, customer) without asking; with --file, those rows",
      )
      .addOption(settingOption("repeat_window", "how far back the repeat check looks, in hours"))
      .option("--ref-id <id>", "your reference id (default: generated and printed)", parser(rules.refId))
      .option("--lock <token>", "use a stock lock from `reseller lock add`")
      .option("--wait", "wait until delivered, then show serial numbers / licences")
      .addOption(settingOption("wait_timeout", "with --wait: give up waiting after this many seconds"))
      .option("-y, --yes", "do not ask for confirmation")
      .option(
        "--nominal <rupiah>",
        "open amount: the amount asked for (provider_qty: 50000, 50.000, 50rb); the note is then the target",
        parser((v) => rules.rupiah("--nominal", v)),
      )
      .option(
        "--zone-id <zone>",
        "open amount: the game's zone, sent in the note as zone_id",
        parser((v) => rules.customerId("--zone-id", v)),
      )
      .option("--receipt", "print the customer's receipt once delivered (implies --wait; see `reseller receipt`)")
      .option(
        "--receipts <file>",
        "with --file: append each delivered (or partly delivered) order's receipt to this file, separated (implies --wait)",
      )
      .option("--no-validate", "do not check the customer's account before buying")
      .option(
        "--no-check",
        "skip the checks of the customer data: a phone number's form (08…, 10-13 digits) and operator, a game account's region",
      )
      .addHelpText(
        "after",
        piped("one line, tab-separated: invoice, ref_id, status, amount, created, outcome") +
          `${declared("With --wait, the rows of `reseller trx show`. With --file, one line per order: line, ref_id, outcome (bought, delivered, partial, delivery_failed, refused, not_sent, unknown), exit code, invoice, amount, status, error code, item, customer, refunded, then what to hand over (serials, licences), one field each.")}\n` +
          examples(
            "reseller buy --item 12 --qty 1 --note 081234567890",
            "reseller buy --item 22 --qty 1 --note 123456789   # names the account first",
            "reseller buy --item 29 --nominal 50rb --note 081234567890   # Rp 50.000",
            "reseller buy --item 23 --qty 500 --target https://instagram.com/toko --wait",
            "reseller buy --cart cart.json --yes",
            "reseller buy --file orders.csv --out results.jsonl",
            "reseller buy --file orders.csv --skip-bought --wait",
            "reseller buy --item 12 --qty 1 --note 081234567891 --receipt",
            "reseller buy --file orders.csv --skip-bought --receipts receipts.txt",
          ),
      )
      .action((opts, cmd) =>
        run(cmd, () => import("./commands/buy.js"), {
          item: opts.item,
          qty: opts.qty,
          note: opts.note,
          target: opts.target,
          opt: opts.opt ?? [],
          comment: opts.comment,
          cart: opts.cart,
          file: opts.file,
          concurrency: opts.concurrency,
          out: opts.out,
          refId: opts.refId,
          lock: opts.lock,
          wait: opts.wait === true,
          waitTimeout: opts.waitTimeout,
          yes: opts.yes === true,
          nominal: opts.nominal,
          zoneId: opts.zoneId,
          validate: opts.validate !== false,
          skipBought: opts.skipBought === true,
          again: opts.again === true,
          repeatWindow: opts.repeatWindow,
          check: opts.check !== false,
          receipt: opts.receipt === true,
          receipts: opts.receipts,
          receiptLanguage: langOnCommandLine(cmd),
        }),
      );
  }

  if (declares("trx")) {
    const trx = program
      .command("trx")
      .description("transactions")
      .addHelpText("after", examples("reseller trx show ORD-20261121-0001", "reseller trx list"));
    trx
      .command("list")
      .option(
        "--status <status>",
        `only these: ${rules.transactionStatuses.join(", ")} (as the service words them)`,
        parser(rules.transactionStatus),
      )
      .option(
        "--page <n>",
        "which page (default 1, the newest)",
        parser((v) => rules.positiveInteger("--page", v)),
      )
      .option(
        "--per-page <n>",
        "transactions per page (the service's default when left out)",
        parser((v) => rules.positiveInteger("--per-page", v)),
      )
      .description("your past transactions, newest first")
      .addHelpText(
        "after",
        prose("Piped, one line per transaction, tab-separated: created, ref_id, invoice, status, amount.") +
          examples(
            "reseller trx list",
            "reseller trx list --status completed --per-page 50",
            "reseller trx list --page 2 --json | jq '.data'",
          ),
      )
      .action((opts, cmd) =>
        run(cmd, () => import("./commands/trx/list.js"), {
          ...(opts.status !== undefined ? { status: opts.status } : {}),
          ...(opts.page !== undefined ? { page: opts.page } : {}),
          ...(opts.perPage !== undefined ? { perPage: opts.perPage } : {}),
        }),
      );
    trx
      .command("show")
      .argument("<ref>", "your ref_id or the invoice number")
      .option("--watch", "keep checking until delivered or failed")
      .addOption(settingOption("wait_timeout", "with --watch: give up after this many seconds"))
      .description("a transaction with its items, serial numbers, licences and SMM progress")
      .addHelpText(
        "after",
        piped("one line per fact, tab-separated, the first field naming it") +
          `${declared(
            "  transaction  invoice, ref_id, status, amount, created\n" +
              "  note         the service's note (a refund, a failure)\n" +
              "  payment_link the link\n" +
              "  item         item id, name, quantity, price, process, customer data\n" +
              "  licence      item id, one licence line\n" +
              "  seller_note  item id, the seller's note\n" +
              "  sn           item id, status, serial number (empty when it failed), provider message or why it failed\n" +
              "  smm          item id, order, status, start count, remains, delivered %, delivered, refund, provider status\n" +
              "  outcome      the order's verdict (bought, delivered, partial, delivery_failed), what was refunded",
          )}\n` +
          examples(
            "reseller trx show ORD-20261121-0001",
            "reseller trx show INV-20261121-000123 --watch",
            "reseller trx show ORD-20261121-0001 | awk -F'\\t' '$1 == \"sn\" {print $4}'",
          ),
      )
      .action((ref: string, opts, cmd) =>
        run(cmd, () => import("./commands/trx/show.js"), {
          ref,
          watch: opts.watch === true,
          waitTimeout: opts.waitTimeout,
        }),
      );
  }

  if (declares("receipt")) {
    program
      .command("receipt")
      .argument("<ref>", "your ref_id or the invoice number")
      .option(
        "--wa [number]",
        "add a wa.me link that opens WhatsApp with the text filled in (to the customer's number by default)",
      )
      .description(
        "the receipt for your customer: item, customer, serial or licence, your selling price, a status they understand",
      )
      .addHelpText(
        "after",
        prose(
          "Piped, the receipt's text as it is, then the wa.me link with --wa; --json gives its fields (status: success, processing, failed, partial; lines; total; refund; text).\n" +
            "The shop's name comes from `reseller config set shop_name NAME`, the time is in the shop's time_zone (WIB unless `config set time_zone`).\n" +
            "In Indonesian for your customer unless --lang en is given here (RESELLER_LANG and the profile's language are yours, not the customer's).",
        ) +
          examples(
            "reseller receipt ORD-20261121-0001",
            "reseller receipt INV-20261121-000123 --lang en",
            "reseller receipt ORD-20261121-0001 --wa",
            "reseller receipt ORD-20261121-0001 --json | jq -r .text",
          ),
      )
      .action((ref: string, opts, cmd) =>
        run(cmd, () => import("./commands/receipt.js"), {
          ref,
          // Only --lang on this command line: the reseller's own language is not the customer's.
          lang: langOnCommandLine(cmd),
          wa: opts.wa,
        }),
      );
  }

  if (declares("lock")) {
    const lock = program
      .command("lock")
      .description("reserve stock for a while before your buyer pays")
      .addHelpText(
        "after",
        examples("reseller lock add --item 3 --qty 1", "reseller lock list", "reseller lock release LCK-8F2K1Q"),
      );
    lock
      .command("add")
      .requiredOption(
        "--item <id>",
        "item (variant) id",
        parser((v) => rules.positiveInteger("--item", v)),
      )
      .requiredOption(
        "--qty <n>",
        "quantity, at least the item's minimum order",
        parser((v) => rules.quantity("--qty", v)),
      )
      .option("--duration <seconds>", "60 to 600 (default 600)", parser(rules.lockDuration))
      .description("lock stock; prints the lock token")
      .addHelpText(
        "after",
        piped("the lock token alone") +
          examples("reseller lock add --item 3 --qty 1", "TOKEN=$(reseller lock add --item 3 --qty 1 --duration 300)"),
      )
      .action((opts, cmd) =>
        run(cmd, () => import("./commands/lock/add.js"), {
          item: opts.item,
          qty: opts.qty,
          duration: opts.duration,
        }),
      );
    lock
      .command("list")
      .description("your active locks and the time each has left")
      .addHelpText(
        "after",
        piped("one line per lock, tab-separated: token, item, quantity, expires, seconds left") +
          examples("reseller lock list"),
      )
      .action((_o, cmd) => run(cmd, () => import("./commands/lock/list.js"), {}));
    lock
      .command("release")
      .argument("<token>", "the lock token (LCK-…)")
      .description("give the stock back now")
      .addHelpText(
        "after",
        piped("nothing: the confirmation goes to stderr") + examples("reseller lock release LCK-8F2K1Q"),
      )
      .action((token: string, _o, cmd) => run(cmd, () => import("./commands/lock/release.js"), { token }));
  }

  if (declares("leaderboard")) {
    const leaderboard = program
      .command("leaderboard")
      .description("this month's top 10 resellers")
      .addHelpText(
        "after",
        piped("one line per reseller, tab-separated: rank, name, transactions") +
          examples("reseller leaderboard", "reseller leaderboard me"),
      )
      .action((_o, cmd) => run(cmd, () => import("./commands/leaderboard/top.js"), {}));
    leaderboard
      .command("me")
      .description("your own rank, transactions and points this month")
      .addHelpText(
        "after",
        piped("label<TAB>value lines: rank, transactions, points") + examples("reseller leaderboard me"),
      )
      .action((_o, cmd) => run(cmd, () => import("./commands/leaderboard/me.js"), {}));
  }

  if (declares("sandbox")) {
    program
      .command("sandbox")
      .requiredOption(
        "--item <id>",
        "item (variant) id",
        parser((v) => rules.positiveInteger("--item", v)),
      )
      .requiredOption(
        "--qty <n>",
        "quantity",
        parser((v) => rules.quantity("--qty", v)),
      )
      .option("--ref-id <id>", "your reference id (default: generated)", parser(rules.refId))
      .description("a test order: neither balance nor stock changes")
      .addHelpText(
        "after",
        piped("one line, tab-separated: id, ref_id, status, invoice") + examples("reseller sandbox --item 12 --qty 1"),
      )
      .action((opts, cmd) =>
        run(cmd, () => import("./commands/sandbox.js"), {
          item: opts.item,
          qty: opts.qty,
          refId: opts.refId,
        }),
      );
  }

  if (declares("history")) {
    program
      .command("history")
      .option("--unresolved", "only requests whose outcome is unknown")
      .option(
        "--limit <n>",
        "at most this many entries (default 50; with --since, all since then)",
        parser((v) => rules.positiveInteger("--limit", v)),
      )
      .option("--since <date>", "only entries since this date (2026-11-01, local midnight) or timestamp")
      .option("--refresh", "ask the service where each entry not final stands, and record it")
      .option("--all-services", "also entries sent to other service addresses (marked)")
      .description("the ledger of money-moving requests, newest first")
      .addHelpText(
        "after",
        piped(
          "one line per request, tab-separated: time, kind, ref_id (a lock's token), outcome, amount, detail, item, customer, status, invoice, verdict, refunded, service (set when it is another), what (purchase, cart, sandbox order, stock lock, top-up), net",
        ) +
          examples(
            "reseller history --refresh",
            "reseller history --unresolved --json",
            'reseller history --since 2026-11-01 --jq \'[.[] | select(.verdict == "bought" or .verdict == "delivered") | .amount] | add\'',
          ),
      )
      .action((opts, cmd) =>
        run(cmd, () => import("./commands/history.js"), {
          unresolved: opts.unresolved === true,
          limit: opts.limit,
          refresh: opts.refresh === true,
          since: opts.since,
          allServices: opts.allServices === true,
        }),
      );
  }

  if (declares("report")) {
    program
      .command("report")
      .description(
        "the books: orders by outcome, spent, refunded, revenue, profit and top-ups, per hour, day, product or customer",
      )
      .option(
        "--since <when>",
        "today (the default), yesterday, 7d, 30d, or a date like 2026-11-01 (the shop's time zone, WIB)",
      )
      .option("--until <date>", "up to and with this date (default: today)")
      .option(
        "--by <group>",
        "rows per day, hour, product, category or customer (default: hour for a day, else day)",
        parser((v) => rules.choice("--by", v, ["day", "hour", "product", "category", "customer"] as const)),
      )
      .option("--refresh", "ask the service about every order not final first (unknown, or not delivered yet)")
      .addHelpText(
        "after",
        piped(
          "one line per group, then a line `total`, tab-separated: group, orders, delivered, bought, partial, delivery_failed, refused, unknown, spent, refunded, revenue, profit",
        ) +
          `${declared(
            "--json: {since, until, by, orders, by_verdict, spent, refunded, revenue, profit, unpriced, top_ups: {count, amount, paid}, rows: [...]}.\n" +
              "Spent is net of refunds: what those purchases took from the balance. Revenue counts the selling prices kept with each sale; profit = revenue - spent. Unknown outcomes are counted apart.",
          )}\n` +
          examples(
            "reseller report",
            "reseller report --since yesterday --refresh",
            "reseller report --since 7d --by product",
            "reseller report --since 2026-11-01 --until 2026-11-30 --json | jq .profit",
          ),
      )
      .action((opts, cmd) =>
        run(cmd, () => import("./commands/report.js"), {
          since: opts.since,
          until: opts.until,
          by: opts.by,
          refresh: opts.refresh === true,
        }),
      );
  }

  if (declares("reconcile")) {
    program
      .command("reconcile")
      .description("settle journal entries whose outcome is unknown by asking the service")
      .addHelpText(
        "after",
        piped(
          "one line per request asked about, tab-separated: time, kind, ref_id (a lock's token), outcome now, what it means",
        ) + examples("reseller reconcile"),
      )
      .action((_o, cmd) => run(cmd, () => import("./commands/reconcile.js"), {}));
  }

  if (declares("emulator")) {
    program
      .command("emulator")
      .description("run the local service emulator (rehearse without spending money)")
      .option(
        "--port <n>",
        "port; 0 takes a free one (default 8787)",
        parser((v) => (v === "0" ? 0 : rules.positiveInteger("--port", v))),
      )
      .option("--host <host>", "address to listen on (default 127.0.0.1)")
      .option("--state <file>", "keep state in this file across restarts")
      .option(
        "--seed <n>",
        "seed for repeatable serial numbers and licences",
        parser((v) => rules.positiveInteger("--seed", v)),
      )
      .option(
        "--dialect <name>",
        "answer shapes: live (default; the live reference), live-short (its short guide) or spec",
        parser((v) => rules.choice("--dialect", v, ["live", "live-short", "spec"] as const)),
      )
      .option(
        "--catalogue-size <n>",
        "grow the catalogue with generated variants to at least this many (GET /v1/item pages)",
        parser((v) => rules.positiveInteger("--catalogue-size", v)),
      )
      .option("--print-env", "print only the export lines for a shell to eval (RESELLER_BASE_URL, RESELLER_API_KEY)")
      .option(
        "--detach",
        "run in the background and return at once; says how to stop it (with --print-env, also RESELLER_EMULATOR_PID)",
      )
      .option(
        "--allow-remote-webhooks",
        "POST webhooks to callback URLs off this machine too (by default only to loopback addresses)",
      )
      .addHelpText(
        "after",
        piped("Base URL and Demo API key lines, then the export lines; with --print-env the export lines alone") +
          examples(
            "reseller emulator --port 8787",
            "reseller emulator --dialect live-short",
            'eval "$(reseller emulator --port 0 --print-env --detach)"   # then: kill "$RESELLER_EMULATOR_PID"',
          ),
      )
      .action((opts, cmd) =>
        run(cmd, () => import("./commands/emulator.js"), {
          port: opts.port,
          host: opts.host,
          stateFile: opts.state,
          seed: opts.seed,
          dialect: opts.dialect,
          catalogueSize: opts.catalogueSize,
          printEnv: opts.printEnv === true,
          detach: opts.detach === true,
          allowRemoteWebhooks: opts.allowRemoteWebhooks === true,
        }),
      );
  }

  if (declares("webhook")) {
    const webhook = program
      .command("webhook")
      .description("the service's webhooks: where they go, their secret, and a local receiver")
      .addHelpText(
        "after",
        examples(
          "reseller webhook secret --save",
          "reseller webhook set --url https://bot.example.com/webhook",
          "reseller webhook listen --exec ./on-order.sh",
        ),
      );
    webhook
      .command("show")
      .description("the callback URL and whether webhooks are on")
      .addHelpText(
        "after",
        piped("label<TAB>value lines: url, enabled, has_secret (then any other field the service sent)") +
          examples("reseller webhook show", "reseller webhook show --json"),
      )
      .action((_o, cmd) => run(cmd, () => import("./commands/webhook/show.js"), {}));
    webhook
      .command("set")
      .option("--url <url>", "where the service POSTs events: https://, or http:// on this machine only")
      .option("--enable", "switch webhooks on (the default with --url)")
      .option("--disable", "switch webhooks off, keeping the URL")
      .description("set the callback URL, or switch webhooks on or off")
      .addHelpText(
        "after",
        examples("reseller webhook set --url https://bot.example.com/webhook", "reseller webhook set --disable"),
      )
      .action((opts, cmd) =>
        run(cmd, () => import("./commands/webhook/set.js"), {
          url: opts.url,
          enable: opts.enable === true,
          disable: opts.disable === true,
        }),
      );
    webhook
      .command("test")
      .description("have the service send a webhook.test event to the callback URL")
      .addHelpText("after", examples("reseller webhook test"))
      .action((_o, cmd) => run(cmd, () => import("./commands/webhook/test.js"), {}));
    webhook
      .command("secret")
      .option("--save", "keep it in the profile for `webhook listen` (file mode 0600)")
      .option("-y, --yes", "do not ask for confirmation")
      .description("make a new webhook secret (the old one stops working); the service shows it once")
      .addHelpText(
        "after",
        piped("the secret alone") +
          examples("reseller webhook secret --save", "reseller webhook secret --yes > webhook-secret.txt"),
      )
      .action((opts, cmd) =>
        run(cmd, () => import("./commands/webhook/secret.js"), { save: opts.save === true, yes: opts.yes === true }),
      );
    webhook
      .command("listen")
      .option(
        "--port <n>",
        "port; 0 takes a free one (default 8788)",
        parser((v) => (v === "0" ? 0 : rules.positiveInteger("--port", v))),
      )
      .option("--host <host>", "address to listen on (default 127.0.0.1)")
      .option(
        "--forward-to <url>",
        "POST each verified event on to this address, with its delivery id in X-Reseller-Delivery; tried again until it answers 2xx",
      )
      .option(
        "--exec <command>",
        "run this command per event: the event JSON on stdin, RESELLER_EVENT, RESELLER_REF_ID, RESELLER_INVOICE, RESELLER_STATUS, RESELLER_DELIVERY_ID set; exit 0 = handled",
      )
      .option(
        "--max-age <seconds>",
        "refuse a delivery whose X-Timestamp is further than this from now (off by default)",
        parser((v) => rules.positiveInteger("--max-age", v)),
      )
      .option(
        "--exec-timeout <seconds>",
        "longest an --exec command may run before it is stopped and tried again later (default 60)",
        parser((v) => rules.positiveInteger("--exec-timeout", v)),
      )
      .option(
        "--exec-grace <seconds>",
        "how long a stopped --exec command and what it started have between SIGTERM and SIGKILL (default 5)",
        parser((v) => rules.positiveInteger("--exec-grace", v)),
      )
      .option(
        "--receipts <file>",
        "append each delivered or partly delivered order's receipt for the customer to this file (needs the API key: orders are confirmed first)",
      )
      .description(
        "receive webhooks here: verify, answer, confirm each order event with the service, deduplicate, print each event (piped: time, event, ref_id, invoice, status, then serials/licences), hand it on",
      )
      .addHelpText(
        "after",
        examples(
          "reseller webhook listen",
          "reseller webhook listen --port 0 --json | jq .data.ref_id",
          "reseller webhook listen --forward-to http://localhost:3000/webhook",
          "reseller webhook listen --exec ./on-order.sh",
        ),
      )
      .action((opts, cmd) =>
        run(cmd, () => import("./commands/webhook/listen.js"), {
          port: opts.port,
          host: opts.host,
          forwardTo: opts.forwardTo,
          exec: opts.exec,
          maxAge: opts.maxAge,
          execTimeout: opts.execTimeout,
          execGrace: opts.execGrace,
          receipts: opts.receipts,
        }),
      );
  }

  if (declares("completion")) {
    program
      .command("completion")
      .argument(
        "<shell>",
        "bash, zsh or fish",
        parser((v) => rules.choice("The shell", v, ["bash", "zsh", "fish"] as const)),
      )
      .description("print a shell completion script")
      .addHelpText(
        "after",
        prose(
          "Install (no bash-completion package or system directory needed):\n" +
            "  bash  mkdir -p ~/.local/share/reseller\n" +
            "        reseller completion bash > ~/.local/share/reseller/completion.bash\n" +
            "        echo 'source ~/.local/share/reseller/completion.bash' >> ~/.bashrc\n" +
            "  zsh   mkdir -p ~/.zfunc && reseller completion zsh > ~/.zfunc/_reseller\n" +
            "        echo 'fpath=(~/.zfunc $fpath); autoload -Uz compinit && compinit' >> ~/.zshrc\n" +
            "        (if ~/.zshrc runs compinit already, put the fpath part before it)\n" +
            "  fish  mkdir -p ~/.config/fish/completions\n" +
            "        reseller completion fish > ~/.config/fish/completions/reseller.fish\n" +
            "Then open a new shell. To try it in this shell only: source <(reseller completion bash)",
        ) +
          examples(
            "reseller completion bash > ~/.local/share/reseller/completion.bash",
            "reseller completion fish > ~/.config/fish/completions/reseller.fish",
          ),
      )
      .action((shell: "bash" | "zsh" | "fish", _o, cmd) =>
        run(
          cmd,
          () =>
            import("./commands/completion.js").then((m) => ({
              run: (ctx: Context, o: { shell: typeof shell }) => m.run(ctx, { ...o, program }),
            })),
          { shell },
        ),
      );
  }

  if (declares("__complete")) {
    // A hidden helper for completion scripts: prints candidates one per line, quietly.
    program
      .command("__complete", { hidden: true })
      .argument("<what>")
      .argument("[prefix]", "only candidates that start so (the word being completed)")
      .action((what: string, prefix: string | undefined, _o, cmd) =>
        run(cmd, () => import("./commands/complete.js"), { what, prefix }),
      );
  }
}
