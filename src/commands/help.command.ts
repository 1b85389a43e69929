import type { CommandUnknownOpts } from "@commander-js/extra-typings";
import { UsageError } from "../errors.js";
import type { Messages } from "../messages/messages.js";
import { defineCommand } from "../registry/declaration.js";
import { helpTopicNames } from "../registry/help-screen.js";

export default defineCommand({
  name: "help",
  summary: "help for a command, or a topic: environment (variables and flags), exit-codes",
  flags: (c) => c.argument("[topic...]", `a command (\`lock add\`) or a topic: ${helpTopicNames.join(", ")}`),
  examples: ["reseller help lock add", "reseller help environment", "reseller help exit-codes"],
  // Help needs no context: a config file that cannot be read does not stop it.
  act: ([topic], command, say) => showHelp(topic, command, say),
});

/** `reseller help lock add`: the help of the command named, or a topic's text. */
async function showHelp(topic: string[], cmd: CommandUnknownOpts, say: Messages): Promise<void> {
  const program = cmd.parent ?? cmd;
  const out = cmd.configureOutput();
  const name = topic.join(" ");
  const helpTopic = helpTopicNames.find((t) => t === name);
  if (helpTopic) {
    const { helpTopics } = await import("../output/help-topics.js");
    out.writeOut?.(helpTopics[helpTopic](say));
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
}
