/**
 * The English catalogue, and with it the keys every catalogue has: src/messages/id.ts is typed
 * against it, so a key missing or extra there fails the type-check. A sentence with something in it
 * is a function of typed parameters. Amounts arrive formatted (`Rp 1.250.000`) and times as WIB.
 */
export const en = {
  printer: {
    error: "Error:",
    outcomeUnknown: "Outcome unknown:",
    hint: "Hint:",
    bug: (text: string) => `something went wrong inside reseller: ${text}`,
    reportBug:
      "This is a bug. Please report it with the command you ran and the output of --verbose (it never shows your full API key).",
    itBegan: "it began",
    cause: "cause",
    /** The names of the details people read under an error; a name not here is shown as it came. */
    details: {
      outcome: "outcome",
      refunded: "refunded",
      status: "status",
      attempts: "attempts",
      field: "field",
      value: "value",
      item: "item",
      customer: "customer",
      invoice: "invoice",
    } as Record<string, string>,
  },
  errors: {
    interrupted: "Interrupted.",
    interruptedNothingSent: "Interrupted; nothing was sent.",
    cancelled: "Cancelled; nothing was sent.",
    unexpectedResponseHint:
      "The service may be having trouble; try again shortly, or run with --verbose to see the exchange.",
    outcomeUnknownHint: (refId: string) =>
      `Run \`reseller reconcile\` or \`reseller trx show ${refId}\` to settle it; do not buy again with a new ref_id.`,
    outcomeUnknownHintNoRef: "Run `reseller reconcile` to settle it.",
    noBaseUrl: "No service address is configured.",
    noBaseUrlHint: "Run `reseller login --base-url URL`, or set RESELLER_BASE_URL.",
    noApiKey: (profile: string) => `No API key for profile "${profile}".`,
    noApiKeyHint: "Run `reseller login`, or set RESELLER_API_KEY.",
    /** `--item and --note are required when reseller cannot ask (…)`. */
    inputRequired: (flags: readonly string[]) =>
      `${flags.length ? `${flags.join(" and ")} ${flags.length > 1 ? "are" : "is"} required when reseller cannot ask` : "reseller cannot ask here"} (no terminal, --no-input, RESELLER_NO_INPUT or CI).`,
    profileWins: (profile: string, ignored: readonly string[]) =>
      `--profile ${profile} wins: its saved ${ignored.length > 1 ? "address and key are" : ignored[0] === "RESELLER_API_KEY" ? "key is" : "address is"} used, not ${ignored.join(" and ")} from the environment.`,
    tlsUnchecked: (host: string) =>
      `NODE_TLS_REJECT_UNAUTHORIZED=0: certificates are not checked, so anyone between you and ${host} can read the API key and answer as the service. Unset it.`,
    insecureClearText: (host: string) =>
      `--insecure: the API key goes to ${host} in clear text, readable by anyone on the way.`,
    /** What a network failure code means, in words a reseller reads; the code stays the error's code. */
    network: {
      UND_ERR_SOCKET: "the connection was closed",
      UND_ERR_CLOSED: "the connection was closed",
      PROXY_TUNNEL_REFUSED: "the proxy closed the connection instead of opening a tunnel to the service",
      ECONNRESET: "the connection was reset",
      EPIPE: "the connection was closed while sending",
      ECONNREFUSED: "the connection was refused (nothing listens at that address and port)",
      ENOTFOUND: "its name was not found (DNS); check the address",
      EAI_AGAIN: "its name could not be looked up right now (DNS)",
      EHOSTUNREACH: "there is no route to that host",
      ENETUNREACH: "this machine's network is unreachable",
      EADDRNOTAVAIL: "that address is not available from this machine",
      ETIMEDOUT: "no answer came in time",
      UND_ERR_CONNECT_TIMEOUT: "the connection could not be made in time",
      UND_ERR_HEADERS_TIMEOUT: "no answer came in time",
      UND_ERR_BODY_TIMEOUT: "the answer stopped coming",
      TIMEOUT: "no answer came in time",
      CERT_HAS_EXPIRED: "the service's TLS certificate has expired",
      DEPTH_ZERO_SELF_SIGNED_CERT: "the service's TLS certificate is self-signed",
      SELF_SIGNED_CERT_IN_CHAIN: "the service's TLS certificate is not from a trusted authority",
      UNABLE_TO_VERIFY_LEAF_SIGNATURE: "the service's TLS certificate could not be verified",
      ERR_TLS_CERT_ALTNAME_INVALID: "the service's TLS certificate is for another name",
    },
  },
  help: {
    usage: "Usage:",
    arguments: "Arguments:",
    options: "Options:",
    commands: "Commands:",
    flags: "Flags:",
    examples: "Examples:",
    helpTopics: "Help topics:",
    otherCommands: "Other commands:",
    groups: {
      core: "Core commands:",
      catalogue: "Catalogue commands:",
      money: "Money commands:",
      setup: "Setup commands:",
    },
    /** commander's `[options]` and `[command]` in a usage line. */
    optionsWord: "[options]",
    commandWord: "[command]",
    helpFlag: "display help for command",
    defaultIs: "default",
    globalFlags: (flags: string) => `Global flags: ${flags} (see \`reseller --help\`).`,
    piped: (text: string) => `Piped, ${text}.`,
    more: "More: reseller help COMMAND, reseller help environment, reseller help exit-codes",
    topicCommand: "a command's flags, examples and piped columns (`help lock add`)",
    topicEnvironment: "the environment variables and the flags they stand for",
    topicExitCodes: "what each exit code means, for scripts",
  },
  usage: {
    see: (path: string) => `See \`${path} --help\`.`,
    read: (command: string) => `See \`${command}\`.`,
    didYouMean: (what: string) => `Did you mean ${what}?`,
    either: " or ",
    keyFlag: (flag: string) =>
      `${flag} is not an option: the API key is never given on the command line, where others can read it.`,
    keyFlagHint: "Save it with `reseller login` (or pipe it to `reseller login --with-key`), or set RESELLER_API_KEY.",
    needsCommandFirst: (path: string, names: string) => `\`${path}\` needs a command first: ${names}.`,
    notAnOption: (flag: string, path: string) => `${flag} is not an option of \`${path}\`.`,
    noSuchCommand: (path: string, word: string) => `\`${path}\` has no command "${word}".`,
    noArguments: (path: string, first: string) =>
      `\`${path}\` takes no arguments, only flags; "${first}" is one too many.`,
    tooManyArguments: (path: string, expected: number, first: string) =>
      `\`${path}\` takes ${expected} argument${expected > 1 ? "s" : ""}; "${first}" is one too many.`,
    needsArgument: (path: string, name: string, description: string) =>
      `\`${path}\` needs <${name}>${description ? `: ${description}` : ""}.`,
    needsValue: (flag: string, value: string) => `${flag} needs a value${value ? `: ${flag} <${value}>` : ""}.`,
    needsOption: (path: string, flags: string, description: string) =>
      `\`${path}\` needs ${flags}${description ? `: ${description}` : ""}.`,
    invalidArgument: (text: string) => text,
    noHelpFor: (topic: string, why: string) => `No help for "${topic}": ${why}.`,
    noSubCommand: (command: string, word: string) => `\`${command}\` has no sub-command "${word}"`,
    noCommandOrTopic: (word: string) => `there is no command or topic "${word}"`,
    language: (value: string) => `--lang must be id or en, not "${value}".`,
  },
};

export type Messages = typeof en;
