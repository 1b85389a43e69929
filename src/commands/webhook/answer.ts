/**
 * How the webhook commands show what the service answered: its configuration endpoints are not
 * documented, so beyond the fields reseller knows, every field is shown. On a terminal a field gets
 * a label in words (`Secret  not set`, not `has_secret  false`); piped, it keeps the service's name
 * and value, which scripts read.
 */
import type { AnswerField } from "../../api/model.js";
import type { Context } from "../../context.js";
import type { Messages } from "../../messages/messages.js";
import type { Cell } from "../../output/output.js";

/** The fields reseller knows by name, labelled as `webhook show` labels them, with their yes/no in words. */
const knownLabels = (say: Messages): Record<string, { label: string; yes?: string; no?: string }> => ({
  callback_url: { label: say.webhook.url },
  webhook_enabled: { label: say.webhook.enabled },
  has_secret: { label: say.webhook.secret, yes: say.webhook.secretSet, no: say.webhook.secretNotSet },
});

/** `retry_count` -> `Retry count`: a field reseller does not know, named in words. */
function words(name: string): string {
  const spaced = name
    .replace(/[_-]+/g, " ")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .trim()
    .toLowerCase();
  return spaced ? `${spaced.charAt(0).toUpperCase()}${spaced.slice(1)}` : name;
}

function labelled(field: AnswerField, say: Messages): [string, Cell] {
  const known = knownLabels(say)[field.name];
  const label = known?.label ?? words(field.name);
  if (field.value === "true" || field.value === "false") {
    const yes = field.value === "true";
    return [
      label,
      {
        human: yes ? (known?.yes ?? say.webhook.yes) : (known?.no ?? say.webhook.no),
        plain: field.value,
        tone: yes ? "good" : "warn",
      },
    ];
  }
  return [label, field.value];
}

/** The fields as a record on stdout, known ones first; nothing when there is nothing to show. */
export function showFields(ctx: Context, known: [string, Cell][], fields: AnswerField[]): void {
  const table = ctx.output.mode === "table";
  const pairs: [string, Cell][] = [
    ...known,
    ...fields.map((f): [string, Cell] => (table ? labelled(f, ctx.say) : [f.name, f.value])),
  ];
  if (pairs.length) ctx.output.record(pairs);
}
