/**
 * `reseller help environment` and `reseller help exit-codes`: what a script writer asks after
 * `--help`, answered without a browser. Plain text within 80 columns, the same on a terminal and
 * through a pipe. The environment is written from the settings' table (src/config/definitions.ts).
 */
import { checkRule, definition, envName, settingNames } from "../config/definitions.js";
import { declared, say } from "../messages/messages.js";
import { breakLine } from "./message.js";

const width = 80;
const indent = "      ";

/** Words laid out within the width, each line indented. */
function wrap(text: string): string[] {
  return breakLine(text, width - indent.length).map((line) => indent + line);
}

/** `--timeout <seconds>` as a person types it: `--timeout SECONDS`. */
const shownFlag = (flag: string) => flag.replace(/ <(.+)>$/, (_, word: string) => ` ${word.toUpperCase()}`);

/** Every setting: how to give it (variables, flag, key in the profile), what it does, its rule and default. */
function environment(): string {
  const entries = settingNames.map((name) => {
    const d = definition(name);
    const ways = [...(d.env ?? []), ...(d.flag ? [shownFlag(d.flag)] : []), ...(d.inProfile ? [`config ${name}`] : [])];
    const facts = [
      ...(d.check && d.check.type !== "text" && d.check.type !== "secret" ? [declared(checkRule(d.check))] : []),
      ...(d.default !== undefined
        ? [
            say.helpTopics.defaultIs(
              typeof d.default === "string" && d.check ? `"${d.default}"` : declared(String(d.default)),
            ),
          ]
        : []),
      ...(d.commandFlag ? [say.helpTopics.forOneCommand(shownFlag(d.commandFlag))] : []),
    ];
    const text = facts.length ? `${declared(d.help)} (${facts.join("; ")})` : declared(d.help);
    return [`  ${ways.join(", ")}`, ...wrap(text)].join("\n");
  });
  return `${say.helpTopics.environment}

${entries.join("\n")}
`;
}

export const helpTopics = {
  get environment() {
    return environment();
  },
  get "exit-codes"() {
    return say.helpTopics.exitCodes;
  },
} as const;

export type HelpTopic = keyof typeof helpTopics;

/** The variables a setting reads, by name (`RESELLER_DEBUG=1` is RESELLER_DEBUG). */
export const environmentNames = settingNames.flatMap((name) => (definition(name).env ?? []).map(envName));
