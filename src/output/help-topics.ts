/**
 * `reseller help environment` and `reseller help exit-codes`: what a script writer asks after
 * `--help`, answered without a browser. Plain text within 80 columns, the same on a terminal and
 * through a pipe. The environment is written from the settings' table (src/config/definitions.ts).
 */
import { checkRule, definition, envName, settingNames } from "../config/definitions.js";

const width = 80;
const indent = "      ";

/** Words laid out within the width, each line indented. */
function wrap(text: string): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line && indent.length + line.length + 1 + word.length > width) {
      lines.push(indent + line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, indent + line];
}

/** `--timeout <seconds>` as a person types it: `--timeout SECONDS`. */
const shownFlag = (flag: string) => flag.replace(/ <(.+)>$/, (_, word: string) => ` ${word.toUpperCase()}`);

/** Every setting: how to give it (variables, flag, key in the profile), what it does, its rule and default. */
function environment(): string {
  const entries = settingNames.map((name) => {
    const d = definition(name);
    const ways = [...(d.env ?? []), ...(d.flag ? [shownFlag(d.flag)] : []), ...(d.inProfile ? [`config ${name}`] : [])];
    const facts = [
      ...(d.check && d.check.type !== "text" && d.check.type !== "secret" ? [checkRule(d.check)] : []),
      ...(d.default !== undefined
        ? [`default ${typeof d.default === "string" && d.check ? `"${d.default}"` : d.default}`]
        : []),
      ...(d.commandFlag ? [`${shownFlag(d.commandFlag)} for one command`] : []),
    ];
    const text = facts.length ? `${d.help} (${facts.join("; ")})` : d.help;
    return [`  ${ways.join(", ")}`, ...wrap(text)].join("\n");
  });
  return `Environment variables, flags and settings in the profile

Precedence: flag > environment > profile in the config store > built-in default;
but an explicit --profile NAME with a saved address or key uses them over
RESELLER_BASE_URL and RESELLER_API_KEY, and says so. \`config NAME\` is kept in
the profile: \`reseller config set NAME VALUE\`, \`reseller config list\`.

${entries.join("\n")}
`;
}

export const helpTopics = {
  get environment() {
    return environment();
  },
  "exit-codes": `Exit codes

  0    success
  1    the service refused the request (any 4xx/5xx with an error code, codes
       reseller has never heard of too), answered something that is not the
       JSON expected, a delivery that buy --wait or trx show --watch waited
       for failed, or a --jq filter failed on the answer
  2    usage or input error: nothing was sent
  3    authentication or permission: 401, 403, or no API key configured
  4    could not reach the service, or a read timed out: nothing was changed
  5    outcome unknown: a purchase (or lock, top-up) was sent and no answer
       came after the retries. The ref_id is printed; settle it with
       \`reseller reconcile\` or \`reseller trx show REF\`, never by buying again
       with a new ref_id
  130  interrupted (Ctrl-C)

buy --file exits 0 only when every order succeeded, else the highest code among
the orders.
`,
} as const;

export type HelpTopic = keyof typeof helpTopics;

/** The variables a setting reads, by name (`RESELLER_DEBUG=1` is RESELLER_DEBUG). */
export const environmentNames = settingNames.flatMap((name) => (definition(name).env ?? []).map(envName));
