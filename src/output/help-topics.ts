/**
 * `reseller help environment` and `reseller help exit-codes`: what a script writer asks after
 * `--help`, answered without a browser. Plain text within 80 columns, the same on a terminal and
 * through a pipe. The environment is written from the settings' table (src/config/definitions.ts).
 */
import { checkRule, definition, envName, settingNames } from "../config/definitions.js";
import { ExitCode } from "../errors.js";
import { declared, type Messages } from "../messages/messages.js";
import { verdictExitCode, verdicts } from "../domain/verdict.js";
import { breakLine } from "./message.js";

const width = 80;

/** Words laid out within the width, each line indented; the first line may begin with its own text (a code). */
function wrap(text: string, indent = "      ", first = indent): string[] {
  return breakLine(text, width - indent.length, width - first.length).map(
    (line, i) => (i === 0 ? first : indent) + line,
  );
}

/** `--timeout <seconds>` as a person types it: `--timeout SECONDS`. */
const shownFlag = (flag: string) => flag.replace(/ <(.+)>$/, (_, word: string) => ` ${word.toUpperCase()}`);

/** Every setting: how to give it (variables, flag, key in the profile), what it does, its rule and default. */
function environment(say: Messages): string {
  const entries = settingNames.map((name) => {
    const d = definition(name);
    const ways = [...(d.env ?? []), ...(d.flag ? [shownFlag(d.flag)] : []), ...(d.inProfile ? [`config ${name}`] : [])];
    const facts = [
      ...(d.check && d.check.type !== "text" && d.check.type !== "secret" ? [declared(checkRule(d.check), say)] : []),
      ...(d.default !== undefined
        ? [
            say.helpTopics.defaultIs(
              typeof d.default === "string" && d.check ? `"${d.default}"` : declared(String(d.default), say),
            ),
          ]
        : []),
      ...(d.commandFlag ? [say.helpTopics.forOneCommand(shownFlag(d.commandFlag))] : []),
    ];
    const text = facts.length ? `${declared(d.help, say)} (${facts.join("; ")})` : declared(d.help, say);
    return [`  ${ways.join(", ")}`, ...wrap(text)].join("\n");
  });
  return `${say.helpTopics.environment}

${entries.join("\n")}
`;
}

/** Each code of the one ExitCode table with its meaning, then the verdicts grouped by their code. */
function exitCodes(say: Messages): string {
  const words = say.helpTopics.exitCodes;
  const codes = (Object.keys(ExitCode) as (keyof typeof ExitCode)[]).flatMap((name) =>
    wrap(words.meanings[name], "       ", `  ${String(ExitCode[name]).padEnd(5)}`),
  );
  const byCode = verdictsByExitCode();
  const named = [...byCode].map(([code, verdicts]) => [verdicts.join(", "), code] as const);
  const column = Math.max(...named.map(([list]) => list.length)) + 2;
  const verdictLines = named.flatMap(([list, code]) => {
    const note = code === ExitCode.unreachable ? ` (${words.notSentByCheck})` : "";
    return wrap(`${code}${note}`, " ".repeat(column + 4), `  ${list.padEnd(column)}`);
  });
  return `${words.title}

${codes.join("\n")}

${wrap(words.verdicts, "", "").join("\n")}
${verdictLines.join("\n")}

${wrap(words.bulk, "", "").join("\n")}
`;
}

/** The verdicts that end with each exit code, in the order of the verdicts' table. */
export function verdictsByExitCode(): Map<number, string[]> {
  const byCode = new Map<number, string[]>();
  for (const verdict of verdicts)
    byCode.set(verdictExitCode(verdict), [...(byCode.get(verdictExitCode(verdict)) ?? []), verdict]);
  return byCode;
}

/** Each topic's text in the reader's catalogue. */
export const helpTopics = {
  environment,
  "exit-codes": exitCodes,
} as const;

export type HelpTopic = keyof typeof helpTopics;

/** The variables a setting reads, by name (`RESELLER_DEBUG=1` is RESELLER_DEBUG). */
export const environmentNames = settingNames.flatMap((name) => (definition(name).env ?? []).map(envName));
