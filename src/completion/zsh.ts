/**
 * The zsh script: an autoloadable `_reseller` (or `compdef` when sourced) that walks the words before
 * the cursor to find the sub-command path, then describes that path's sub-commands, flags or values.
 */
import type { CommandSpec, CompletionSpec, FlagSpec } from "./describe.js";
import type { Messages } from "../messages/messages.js";
import { header, quietCall, short, sq } from "./script.js";

export function zshScript(spec: CompletionSpec, say: Messages): string {
  // _describe takes "name:description"; a colon inside the name must be escaped.
  const pair = (name: string, description: string) => sq(`${name.replace(/:/g, "\\:")}:${short(description)}`);
  const flagPairs = (flags: FlagSpec[]) => flags.flatMap((f) => f.names.map((n) => pair(n, f.description))).join(" ");
  const cases = (pick: (c: CommandSpec) => string) =>
    spec.commands
      .map((c) => [c.path, pick(c)] as const)
      .filter(([, words]) => words !== "")
      .map(([path, words]) => `    ${sq(path)}) reply=(${words}) ;;`)
      .join("\n");
  const valueCases = [
    ...Object.entries(spec.dynamicFlags).map(([flag, what]) => `    ${flag}) __reseller_dynamic ${what}; return ;;`),
    `    ${spec.fileFlags.join("|")}) _files; return ;;`,
  ].join("\n");
  return `#compdef reseller
${header("zsh", say)}${say.completion.install} reseller completion zsh > "\${fpath[1]}/_reseller"   ${say.completion.thenNewShell}
${say.completion.or} echo 'source <(reseller completion zsh)' >> ~/.zshrc   ${say.completion.afterCompinit}

__reseller_commands() {
  case "$1" in
${cases((c) => c.commands.map((x) => pair(x.name, x.description)).join(" "))}
    *) reply=() ;;
  esac
}

__reseller_flags() {
  case "$1" in
${cases((c) => flagPairs(c.flags))}
    *) reply=() ;;
  esac
}

__reseller_choices() {
  case "$1" in
${cases((c) => c.choices.map((x) => sq(x)).join(" "))}
    *) reply=() ;;
  esac
}

__reseller_value_flags=(${spec.valueFlags.join(" ")})

__reseller_dynamic() {
  local line tab=$'\\t'
  local -a candidates
  for line in "\${(@f)$(${quietCall(`"\${words[1]}"`, `"$1"`, `"\${extra[@]}"`, `"$cur"`)})}"; do
    [[ -z "$line" ]] && continue
    if [[ "$line" == *\${tab}* ]]; then
      candidates+=("\${\${line%%\${tab}*}//:/\\\\:}:\${line#*\${tab}}")
    else
      candidates+=("\${line//:/\\\\:}")
    fi
  done
  local heading="$1"
  case "$1" in
${Object.entries(say.completion.dynamicHeadings)
  .map(([what, heading]) => `    ${what}) heading=${sq(heading)} ;;`)
  .join("\n")}
  esac
  _describe -t "$1" "$heading" candidates
}

_reseller() {
  local cur="\${words[CURRENT]}" prev="\${words[CURRENT-1]}" cmdpath="" word
  local -a extra reply names
  local -i i=2
  # Walk the words before the cursor: sub-commands deepen the path; flag values are skipped.
  while (( i < CURRENT )); do
    word="\${words[i]}"
    case "$word" in
      --profile|--base-url) extra+=("$word" "\${words[i+1]}"); (( i++ )) ;;
      --insecure) extra+=("$word") ;;
      --*=*) ;;
      -*) (( \${__reseller_value_flags[(Ie)$word]} )) && (( i++ )) ;;
      *)
        __reseller_commands "$cmdpath"
        names=("\${reply[@]%%:*}")
        (( \${names[(Ie)$word]} )) && cmdpath="\${cmdpath:+$cmdpath }$word"
        ;;
    esac
    (( i++ ))
  done

  case "$prev" in
${valueCases}
  esac
  (( \${__reseller_value_flags[(Ie)$prev]} )) && return 1

  if [[ "$cur" == -* ]]; then
    __reseller_flags "$cmdpath"
    local -a flags=("\${reply[@]}")
    _describe -t flags ${sq(say.completion.flagsHeading)} flags
    return
  fi
  __reseller_commands "$cmdpath"
  if (( \${#reply} )); then
    local -a subcommands=("\${reply[@]}")
    _describe -t commands ${sq(say.completion.commandsHeading)} subcommands
    return
  fi
  case "$cmdpath" in
${Object.entries(spec.dynamicArguments)
  .map(([path, what]) => `    ${sq(path)}) __reseller_dynamic ${what}; return ;;`)
  .join("\n")}
  esac
  __reseller_choices "$cmdpath"
  if (( \${#reply} )); then
    local -a values=("\${reply[@]}")
    _describe -t values ${sq(say.completion.valuesHeading)} values
  fi
}

if [[ "\${zsh_eval_context[-1]}" == loadautofunc ]]; then
  _reseller "$@"
else
  compdef _reseller reseller
fi
`;
}
