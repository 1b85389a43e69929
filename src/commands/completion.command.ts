import { defineCommand } from "../registry/declaration.js";
import { completionFlags, completionInput } from "./completion/flags.js";

export default defineCommand({
  name: "completion",
  summary: "print a shell completion script",
  flags: completionFlags,
  about:
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
  examples: [
    "reseller completion bash > ~/.local/share/reseller/completion.bash",
    "reseller completion fish > ~/.config/fish/completions/reseller.fish",
  ],
  input: completionInput,
  load: () => import("./completion.js"),
});
