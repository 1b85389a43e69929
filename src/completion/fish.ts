/**
 * The fish script: one `complete` line per flag, sub-command and choice, each conditioned on the
 * sub-command path of the line being completed.
 */
import type { CompletionSpec, FlagSpec } from "./describe.js";
import type { Messages } from "../messages/messages.js";
import { header, short } from "./script.js";

/** Single-quoted for fish, where a backslash escapes inside single quotes too. */
function fishQuote(text: string): string {
  return `'${text.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
}

export function fishScript(spec: CompletionSpec, say: Messages): string {
  const lines: string[] = [];
  const flagLine = (condition: string | undefined, f: FlagSpec) => {
    const parts = ["complete -c reseller"];
    if (condition !== undefined) parts.push(`-n ${fishQuote(`__reseller_at ${fishQuote(condition)}`)}`);
    for (const name of f.names) parts.push(name.startsWith("--") ? `-l ${name.slice(2)}` : `-s ${name.slice(1)}`);
    if (f.files) parts.push("-r -F");
    else if (f.takesValue) parts.push("-x");
    if (f.dynamic) parts.push(`-a ${fishQuote(`(__reseller_candidates ${f.dynamic})`)}`);
    parts.push(`-d ${fishQuote(short(f.description))}`);
    return parts.join(" ");
  };
  for (const f of spec.globalFlags) lines.push(flagLine(undefined, f));
  for (const c of spec.commands) {
    const at = fishQuote(`__reseller_at ${fishQuote(c.path)}`);
    for (const sub of c.commands)
      lines.push(`complete -c reseller -n ${at} -a ${fishQuote(sub.name)} -d ${fishQuote(short(sub.description))}`);
    const global = new Set(spec.globalFlags.flatMap((g) => g.names));
    for (const f of c.flags) if (!f.names.some((n) => global.has(n))) lines.push(flagLine(c.path, f));
    if (c.dynamic) lines.push(`complete -c reseller -n ${at} -a ${fishQuote(`(__reseller_candidates ${c.dynamic})`)}`);
    for (const choice of c.choices) lines.push(`complete -c reseller -n ${at} -a ${fishQuote(choice)}`);
  }
  const commandCases = spec.commands
    .filter((c) => c.commands.length > 0)
    .map(
      (c) =>
        `        case ${fishQuote(c.path)}\n            printf '%s\\n' ${c.commands.map((x) => fishQuote(x.name)).join(" ")}`,
    )
    .join("\n");
  return `${header("fish", say)}${say.completion.install} reseller completion fish > ~/.config/fish/completions/reseller.fish

function __reseller_commands --argument-names cmdpath
    switch "$cmdpath"
${commandCases}
    end
end

# The sub-command path of the line being completed, e.g. "lock release"; flag values are skipped.
function __reseller_path
    set -l tokens (commandline -opc)
    set -e tokens[1]
    set -l cmdpath
    set -l skip 0
    for word in $tokens
        if test $skip = 1
            set skip 0
            continue
        end
        switch $word
            case '--*=*'
            case '-*'
                if contains -- $word ${spec.valueFlags.join(" ")}
                    set skip 1
                end
            case '*'
                if contains -- $word (__reseller_commands (string join ' ' $cmdpath))
                    set -a cmdpath $word
                end
        end
    end
    string join ' ' $cmdpath
end

function __reseller_at --argument-names wanted
    set -l current (__reseller_path)
    test "$current" = "$wanted"
end

# Candidates from the service or the config, quietly: nothing on any failure.
function __reseller_candidates --argument-names what
    set -l tokens (commandline -opc)
    set -l extra
    for i in (seq 2 (count $tokens))
        switch $tokens[$i]
            case --profile --base-url
                set -l next (math $i + 1)
                if test $next -le (count $tokens)
                    set -a extra $tokens[$i] $tokens[$next]
                end
            case --insecure
                set -a extra --insecure
        end
    end
    # The word typed so far, after --: __complete offers only what starts so, at most a screenful.
    env RESELLER_MAX_RETRIES=0 RESELLER_NO_INPUT=1 $tokens[1] __complete $what --timeout 2 $extra -- (commandline -ct) 2>/dev/null
end

complete -c reseller -f
${lines.join("\n")}
`;
}
