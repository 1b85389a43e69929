/**
 * The registry: the program's own flags and help, and the command modules it lists, each of which
 * declares itself (src/registry/declaration.ts). commander only parses and validates; each command
 * imports its handler on demand, so `reseller balance` never loads the prompt library or the
 * emulator. Running it (contexts, errors, exit codes) is src/cli.ts's job.
 */
import { Command, type CommandUnknownOpts, Option } from "@commander-js/extra-typings";
import alternatives from "./commands/alternatives.command.js";
import balance from "./commands/balance.command.js";
import buy from "./commands/buy.command.js";
import channels from "./commands/channels.command.js";
import complete from "./commands/complete.command.js";
import completion from "./commands/completion.command.js";
import config from "./commands/config.command.js";
import emulator from "./commands/emulator.command.js";
import help from "./commands/help.command.js";
import history from "./commands/history.command.js";
import item from "./commands/item.command.js";
import items from "./commands/items.command.js";
import leaderboard from "./commands/leaderboard.command.js";
import lock from "./commands/lock.command.js";
import login from "./commands/login.command.js";
import logout from "./commands/logout.command.js";
import prices from "./commands/prices.command.js";
import receipt from "./commands/receipt.command.js";
import pending from "./commands/pending.command.js";
import reconcile from "./commands/reconcile.command.js";
import report from "./commands/report.command.js";
import sandbox from "./commands/sandbox.command.js";
import topup from "./commands/topup.command.js";
import trx from "./commands/trx.command.js";
import validate from "./commands/validate.command.js";
import version from "./commands/version.command.js";
import webhook from "./commands/webhook.command.js";
import { definition, flagHelp, settingNames } from "./config/definitions.js";
import { en } from "./messages/en.js";
import type { Messages } from "./messages/messages.js";
import { type CommandDeclaration, declareOn, type RunCommand } from "./registry/declaration.js";
import { examples, formatHelp } from "./registry/help-screen.js";
import { version as versionNumber } from "./version.js";

export type { Handler, RunCommand } from "./registry/declaration.js";
export { commandGroups } from "./registry/help-screen.js";
export { versionNumber as version };

/** Every command, in the order commander suggests from; `reseller --help` groups them (`commandGroups`). */
export const commands: readonly CommandDeclaration[] = [
  login,
  version,
  help,
  logout,
  config,
  balance,
  channels,
  topup,
  item,
  validate,
  items,
  prices,
  buy,
  alternatives,
  trx,
  receipt,
  lock,
  leaderboard,
  sandbox,
  history,
  report,
  reconcile,
  pending,
  emulator,
  webhook,
  completion,
  complete,
];

/** What the program is built for: the command line as the user gave it, and the reader's catalogue. */
export interface ProgramFor {
  /** Every command is declared when no argv is given. */
  argv?: readonly string[];
  /** The words its help speaks; English when not given. */
  say?: Messages;
}

/** The program for this command line, its help in the reader's language. */
export function buildProgram(run: RunCommand, { argv = [], say = en }: ProgramFor = {}): CommandUnknownOpts {
  const program = new Command("reseller")
    .description(
      "Buy prepaid digital goods from the Reseller Commerce Service: balance, top-ups, purchases, stock locks.",
    )
    .version(versionNumber, "-v, --version", "print the version (also `reseller version`)")
    .showSuggestionAfterError(true)
    // `help` is a command of its own, with topics beside the commands.
    .helpCommand(false)
    .configureHelp({ formatHelp: (command, helper) => formatHelp(command, helper, say) })
    .addHelpText(
      "after",
      () =>
        `${examples(
          [
            "reseller login",
            "reseller balance",
            "reseller buy --item 12 --qty 1 --note 081234567890",
            "reseller trx show INV-20261121-000123 --jq .data.status",
          ],
          say,
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
    for (const command of commands) if (command.name === named) declareOn(program, command, run, say);
  if (program.commands.length === 0) for (const command of commands) declareOn(program, command, run, say);

  // `reseller help lock add` is the one way to ask for help by name; `lock help` would only repeat it in each list.
  for (const command of program.commands) if (command.commands.length > 0) command.helpCommand(false);
  return program;
}
