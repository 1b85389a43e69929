/**
 * The bash script: a `complete -F` function that walks the words before the cursor to find the
 * sub-command path, then offers that path's sub-commands, flags, choices or dynamic values.
 */
import type { CommandSpec, CompletionSpec, FlagSpec } from "./describe.js";
import type { Messages } from "../messages/messages.js";
import { header, quietCall, sq } from "./script.js";

export function bashScript(spec: CompletionSpec, say: Messages): string {
  const flagWords = (flags: FlagSpec[]) =>
    flags
      .flatMap((f) => f.names)
      .sort()
      .join(" ");
  const cases = (kind: string, pick: (c: CommandSpec) => string) =>
    spec.commands
      .map((c) => [c.path, pick(c)] as const)
      .filter(([, words]) => words !== "")
      .map(([path, words]) => `    ${sq(`${kind}:${path}`)}) REPLY=${sq(words)} ;;`)
      .join("\n");
  const valueCases = [
    ...Object.entries(spec.dynamicFlags).map(([flag, what]) => `    ${flag}) __reseller_dynamic ${what}; return 0 ;;`),
    `    ${spec.fileFlags.join("|")}) while IFS= read -r word; do COMPREPLY+=("$word"); done < <(compgen -f -- "$cur"); return 0 ;;`,
  ].join("\n");
  return `${header("bash", say)}${say.completion.install} reseller completion bash > ~/.local/share/bash-completion/completions/reseller
${say.completion.or} echo 'source <(reseller completion bash)' >> ~/.bashrc

__reseller_data() {
  case "$1:$2" in
${cases("commands", (c) => c.commands.map((x) => x.name).join(" "))}
${cases("flags", (c) => flagWords(c.flags))}
${cases("choices", (c) => c.choices.join(" "))}
    *) REPLY="" ;;
  esac
}

__reseller_value_flags=${sq(` ${spec.valueFlags.join(" ")} `)}

# Candidates are only ever compared, never expanded: compgen's word list (-W) is expanded by bash,
# so a channel code $(…) would run. __complete has already kept those starting with $cur.
__reseller_offer() {
  local word
  local -a words
  read -ra words <<< "$1"
  for word in "\${words[@]}"; do
    [[ "$word" == "$cur"* ]] && COMPREPLY+=("$word")
  done
}

__reseller_dynamic() {
  local line
  while IFS= read -r line; do
    line="\${line%%$'\\t'*}"
    [[ -n "$line" && "$line" == "$cur"* ]] && COMPREPLY+=("$line")
  done < <(${quietCall(`"\${COMP_WORDS[0]}"`, `"$1"`, `\${extra[@]+"\${extra[@]}"}`, `"$cur"`)})
}

_reseller() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="" cmdpath="" word REPLY i=1
  local -a extra=()
  [ "$COMP_CWORD" -gt 0 ] && prev="\${COMP_WORDS[COMP_CWORD-1]}"
  # Walk the words before the cursor: sub-commands deepen the path; flag values are skipped;
  # --profile/--base-url/--insecure are passed on so dynamic values come from the same account.
  while [ "$i" -lt "$COMP_CWORD" ]; do
    word="\${COMP_WORDS[i]}"
    case "$word" in
      --profile|--base-url) extra+=("$word" "\${COMP_WORDS[i+1]}"); i=$((i + 1)) ;;
      --insecure) extra+=("$word") ;;
      --*=*) ;;
      -*) case "$__reseller_value_flags" in *" $word "*) i=$((i + 1)) ;; esac ;;
      *)
        __reseller_data commands "$cmdpath"
        case " $REPLY " in *" $word "*) cmdpath="\${cmdpath:+$cmdpath }$word" ;; esac
        ;;
    esac
    i=$((i + 1))
  done
  COMPREPLY=()

  case "$prev" in
${valueCases}
  esac
  case "$__reseller_value_flags" in *" $prev "*) [ -n "$prev" ] && return 0 ;; esac

  if [[ "$cur" == -* ]]; then
    __reseller_data flags "$cmdpath"
    __reseller_offer "$REPLY"
    return 0
  fi
  __reseller_data commands "$cmdpath"
  if [ -n "$REPLY" ]; then
    __reseller_offer "$REPLY"
    return 0
  fi
  case "$cmdpath" in
${Object.entries(spec.dynamicArguments)
  .map(([path, what]) => `    ${sq(path)}) __reseller_dynamic ${what}; return 0 ;;`)
  .join("\n")}
  esac
  __reseller_data choices "$cmdpath"
  [ -n "$REPLY" ] && __reseller_offer "$REPLY"
  return 0
}

complete -F _reseller reseller
`;
}
