import type { CommandUnknownOpts } from "@commander-js/extra-typings";
import type { Context } from "../context.js";
import { defineCommand, parser } from "../registry/declaration.js";
import { choice } from "../config/choice.js";

export default defineCommand({
  name: "completion",
  summary: "print a shell completion script",
  flags: (c) =>
    c.argument(
      "<shell>",
      "bash, zsh or fish",
      parser((v) => choice("The shell", v, ["bash", "zsh", "fish"] as const)),
    ),
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
  input: (_flags, [shell]) => ({ shell }),
  // The program is handed over to be read: the handler importing the registry would make a loop.
  load: (command) =>
    import("./completion.js").then((m) => ({
      run: (ctx: Context, options: { shell: "bash" | "zsh" | "fish" }) =>
        m.run(ctx, { ...options, program: programOf(command) }),
    })),
});

function programOf(command: CommandUnknownOpts): CommandUnknownOpts {
  let root = command;
  while (root.parent) root = root.parent;
  return root;
}
