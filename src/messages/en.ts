/**
 * The English catalogue, and with it the keys every catalogue has: src/messages/id.ts is typed
 * against it, so a key missing or extra there fails the type-check. A sentence with something in it
 * is a function of typed parameters. Amounts arrive formatted (`Rp 1.250.000`) and times as WIB.
 */
import type { Language } from "./language.js";

/** One command's help in another language, by what it names; what is missing is said in English. */
export interface CommandHelpWords {
  readonly summary?: string;
  /** By the argument's name (`ref` for `<ref>`). */
  readonly arguments?: Readonly<Record<string, string>>;
  /** By the flag's long name (`--item`), else its short one. */
  readonly options?: Readonly<Record<string, string>>;
  readonly piped?: string;
  readonly details?: string;
  readonly about?: string;
  /** An example's comment, by the example's command line (the part before ` # `). */
  readonly comments?: Readonly<Record<string, string>>;
}

const englishCatalogue = () => ({
  /** The language these words are in: dates are written in it (`21 Nov 2026 21:30:00` or `21.30.00`). */
  language: "en" as Language,
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
      ref_id: "ref_id",
      item_id: "item id",
      lock_token: "lock token",
      lock: "lock",
      balance: "balance",
      total: "total",
      shortfall: "shortfall",
      provider_message: "provider message",
      earlier_ref_id: "earlier ref_id",
      earlier_invoice: "earlier invoice",
      earlier_at: "earlier at",
      earlier_outcome: "earlier outcome",
      reason: "reason",
      stock: "stock",
      quantity: "quantity",
      may_have_reached: "may have reached",
      body: "body",
      code: "code",
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
    faultAfterSending: (text: string) =>
      `Something went wrong inside reseller after the purchase was sent (${text}), so whether it was bought is not known here. This is a bug: please report it with the output of --verbose.`,
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
    topicCommandTerm: "help COMMAND",
    topicCommand: "a command's flags, examples and piped columns (`help lock add`)",
    topicEnvironment: "the environment variables and the flags they stand for",
    topicExitCodes: "what each exit code means, for scripts",
  },
  /** `help environment` and `help exit-codes` (src/output/help-topics.ts); the settings' own words are in `declared`. */
  helpTopics: {
    environment: `Environment variables, flags and settings in the profile

Precedence: flag > environment > profile in the config store > built-in default;
but an explicit --profile NAME with a saved address or key uses them over
RESELLER_BASE_URL and RESELLER_API_KEY, and says so. \`config NAME\` is kept in
the profile: \`reseller config set NAME VALUE\`, \`reseller config list\`.`,
    defaultIs: (value: string) => `default ${value}`,
    forOneCommand: (flag: string) => `${flag} for one command`,
    /** `help exit-codes`, README.md and docs/commands.md: one meaning per code of src/errors.ts's ExitCode. */
    exitCodes: {
      title: "Exit codes",
      meanings: {
        ok: 'success; also a declined confirmation ("Nothing bought.") and a --wait that ended before delivery',
        refused:
          "the service refused the request (any 4xx/5xx with an error code, codes reseller has never heard of too) or answered something that is not the JSON expected; a delivery that buy --wait or trx show --watch waited for failed or was only partly made; a --jq filter failed on the answer; a bug in reseller before anything was sent",
        usage: "usage or input error, or a config dir or journal that cannot be used: nothing was sent",
        auth: "authentication or permission: 401, 403, no API key configured, or no webhook secret for webhook listen",
        unreachable: "could not reach the service, or a read timed out: nothing was changed",
        outcomeUnknown:
          "outcome unknown: a purchase (or lock, top-up) was sent and no answer came after the retries, or reseller failed inside after sending it. The ref_id is printed; settle it with `reseller reconcile` or `reseller trx show REF`, never by buying again with a new ref_id. reconcile exits 5 while anything is still unknown",
        interrupted: 'interrupted (Ctrl-C); at a question it says "Cancelled; nothing was sent."',
      },
      verdicts:
        "Every order ends in one verdict, the same word in every output (`outcome` in --json, the last piped column, history), with its exit code:",
      notSentByCheck: "2 when a check before paying stopped it",
      bulk: "buy --file exits 0 only when every order succeeded, else the highest code among the orders. buy --plan exits 0 when the run could go ahead (nothing refused, the balance covers the total), 2 when it could not.",
    },
  },
  time: {
    now: "now",
    /** `9m 41s`, `2h 05m`, `3d`: a duration as the screens show it. */
    seconds: (s: number) => `${s}s`,
    minutes: (m: number, s: string) => `${m}m ${s}s`,
    wholeMinutes: (m: number) => `${m}m`,
    hours: (h: number, m: string) => `${h}h ${m}m`,
    days: (d: number) => `${d}d`,
    in: (duration: string) => `in ${duration}`,
    secondsAgo: (n: number) => `${n}s ago`,
    minutesAgo: (n: number) => `${n} min ago`,
    hoursAgo: (n: number) => `${n} h ago`,
    daysAgo: (n: number) => `${n} days ago`,
    /** A typed date in the right form that names no day on the calendar (2026-02-30, 2026-13-01). */
    noSuchDate: (flag: string, date: string) => `${flag} ${date} is no date on the calendar`,
    noSuchMonth: (month: string) => `a year has months 01 to 12, not ${month}`,
    daysInMonth: (month: string, days: number) => `${month} has ${days} days`,
  },
  balance: {
    heading: "Balance",
    below: (balance: string, below: string) => `The balance, ${balance}, is below ${below}.`,
  },
  channels: {
    code: "Code",
    channel: "Channel",
    fee: "Fee",
    limits: "Limits",
    switchedOff: "switched off",
    from: (amount: string) => `from ${amount}`,
    upTo: (amount: string) => `up to ${amount}`,
  },
  locks: {
    token: "Token",
    item: "Item",
    qty: "Qty",
    expires: "Expires",
    timeLeft: "Time left",
    none: "No locks held.",
    /** `lock add` and `lock release`; piped, `lock add` prints the token alone. */
    seeLeft: (item: number) => `See what is left with \`reseller item ${item}\`, or lock fewer.`,
    checkId: (item: number) => `Check the id with \`reseller item ${item}\`.`,
    settle:
      "Run `reseller reconcile` (or `reseller lock list`) to see whether the lock is held; an unused lock expires by itself.",
    notNoted: (dir: string, why: string) =>
      `Could not note the lock in ${dir} (${why}); give --item and --qty with --lock when you buy.`,
    lockToken: "Lock token",
    quantity: "Quantity",
    lockedAt: "Locked at",
    buyWithIt: (token: string) =>
      // Two commands to copy: each on a line of its own, so neither is broken across lines.
      `Buy with it: reseller buy --lock ${token} --note …\nGive it back: reseller lock release ${token}`,
    emptyToken: "The lock token must not be empty.",
    seeLocks: "See your locks with `reseller lock list`.",
    nothingToGiveBack: "Nothing to give back; see your active locks with `reseller lock list`.",
    used: "A purchase used it; its stock is that purchase's now.",
    released: (token: string) => `Released ${token}; its stock is available again.`,
  },
  /** `webhook listen`: the lines it prints as deliveries arrive and are handed on. */
  listener: {
    forwardOrExec: "--forward-to and --exec cannot be used together: each delivery is handed to one place.",
    noSecret: (profile: string) =>
      `No webhook secret for profile "${profile}": without it the service's events cannot be told from forgeries.`,
    noSecretHint:
      "Run `reseller webhook secret --save` (the service makes one, shown once, and it is kept in the profile), or set RESELLER_WEBHOOK_SECRET.",
    /** `order.paid for wh-1`: a delivery named in a line. */
    about: (event: string, refId: string) => `${event}${refId ? ` for ${refId}` : ""}`,
    cannotConfirm: (why: string) => `Cannot ask the service to confirm events (${why}).`,
    noReceiptsWithoutKey: "Without an API key no order can be confirmed with the service, so no receipt is written.",
    settledInJournal: (refId: string, invoice: string, event: string) =>
      `Settled in the journal: ${refId} was bought${invoice ? ` (invoice ${invoice})` : ""}, says its ${event}.`,
    journalNotUpdated: (path: string, why: string) =>
      `Could not update the journal at ${path} (${why}); \`reseller reconcile\` settles it later.`,
    listeningOn: (url: string) => `Listening on ${url}`,
    exposed: (host: string) =>
      `Listening on ${host}: every machine that can reach this one can send it requests. Signatures are still checked, but prefer 127.0.0.1 behind an https reverse proxy or tunnel.`,
    verifying: (from: string, masked: string, doing: string) =>
      `Verifying signatures with the webhook secret from ${from} (${masked}); ${doing}.`,
    secretOfProfile: (profile: string) => `profile "${profile}"`,
    printingEach: "printing each event",
    forwardingEach: (url: string) => `forwarding each event to ${url}`,
    runningForEach: (command: string) => `running \`${command}\` for each event`,
    confirming:
      "Each order event is confirmed with GET /v1/trx before it is printed or handed on: the service's own status, serials and licences go on.",
    unconfirmed:
      "No API key: order events are handed on as they came, unconfirmed. Their items (serials, licences) are not covered by the signature.",
    handingOnAgain: (n: number) =>
      `Handing on again ${n} ${n === 1 ? "delivery" : "deliveries"} received before the last stop and not settled yet.`,
    giveAddress:
      "Give the service a public https:// address that reaches this port: `reseller webhook set --url https://…/webhook`. Press Ctrl-C to stop.",
    stopping: "Stopping: finishing the deliveries under way.",
    /** `order.paid for wh-1 (whd_…)`, each delivery kept when the listener stops. */
    keptOne: (about: string, id: string) => `${about} (${id})`,
    keptMore: (n: number) => (n ? `, and ${n} more` : ""),
    kept: (n: number, named: readonly string[], more: string) =>
      `${n} ${n === 1 ? "delivery is" : "deliveries are"} kept to hand on at the next start: ${named.join(", ")}${more}.`,
    /** The words before each serial number, licence, failure and refund on a terminal's event line. */
    serial: "SN",
    licence: "licence",
    sellerNote: "seller's note",
    failed: "failed",
    refund: "refund",
    receiptsNotWritable: (file: string, why: string) => `Cannot write receipts to ${file}: ${why}.`,
    receiptsHint: "Name a file you can write, with --receipts.",
    receiptNotAppended: (refId: string, file: string, why: string) =>
      `Could not append the receipt of ${refId} to ${file}: ${why}.`,
    /** Why the service's answer does not confirm an order event: it is then not handed on. */
    notConfirmed: (why: string) => `not confirmed: ${why}`,
    unknownOrder: (refId: string, code: string) => `the service knows no order ${refId} for this API key (${code})`,
    otherInvoice: (refId: string, invoice: string, signed: string) =>
      `the service's order ${refId} has invoice ${invoice}, not the signed ${signed}`,
    noSuchItem: (refId: string, item: string) => `the service's order ${refId} has no item ${item}`,
    noItemNamed: "(none named)",
    nothingSentYet: (item: string, refId: string) => `the service shows nothing sent yet for item ${item} of ${refId}`,
    handedOnAlready: (item: string, refId: string) => `item ${item} of ${refId} was handed on already`,
    /** The queue's lines: a delivery dropped, not noted, or failing and tried again. */
    notHandedOn: (about: string, why: string) => `Not handed on: ${about}: ${why}.`,
    notNoted: (about: string, why: string) =>
      `Could not note ${about} in the journal (${why}); \`reseller reconcile\` settles it later.`,
    couldNotConfirm: (why: string) => `could not be confirmed: ${why}`,
    notHandedOnYet: (why: string) => `not handed on yet: ${why}`,
    tryingAgain: (about: string, why: string, wait: string) =>
      `${about.charAt(0).toUpperCase()}${about.slice(1)} ${why}; trying again in ${wait}.`,
    waitSeconds: (s: number) => `${s} s`,
    waitMinutes: (m: number) => `${m} min`,
    /** What a hand-off got: a target's answer, a command's end. */
    forwardNotUrl: (url: string) => `--forward-to "${url}" is not a URL.`,
    forwardExample: "For example: --forward-to http://localhost:3000/webhooks",
    forwardScheme: (protocol: string) => `--forward-to must be an http:// or https:// address, not ${protocol}`,
    targetAnswered: (url: string, status: number) => `${url} answered HTTP ${status}`,
    targetUnreachable: (url: string, why: string) => `${url} could not be reached (${why})`,
    noAnswerWithin: (s: number) => `no answer within ${s} s`,
    execNeedsCommand: "--exec needs a command, e.g. --exec ./on-order.sh",
    execTooLong: (command: string, s: number) => `\`${command}\` ran longer than ${s} s and was stopped`,
    execStoppedWithListener: (command: string) => `\`${command}\` was stopped as the listener stopped`,
    execNotStarted: (command: string, why: string) => `\`${command}\` could not be started (${why})`,
    execKilled: (command: string, signal: string) => `\`${command}\` was stopped by ${signal}`,
    execExited: (command: string, code: number | null) => `\`${command}\` exited with ${code}`,
    /** The receiving end: requests refused, and why. */
    couldNotAnswer: (why: string) => `Could not answer a request: ${why}.`,
    refusedRequest: (from: string, why: string, status: number) =>
      `Refused a request from ${from}: ${why}; answered ${status}.`,
    notInTime: "it did not arrive in time",
    notHttp: "it is not HTTP reseller can read",
    refusedEvent: (about: string, from: string, why: string) => `Refused ${about} from ${from}: ${why}; answered 401.`,
    signatureMismatch: "the signature does not match (another secret, or a changed body)",
    noSignature: "no X-Signature header",
    otherEventHeader: (named: string, event: string) => `its X-Event header says ${named}, its body ${event}`,
    statusNotOfEvent: (event: string, statuses: readonly string[], status: string) =>
      `${event} must be signed with status ${statuses.map((s) => `"${s}"`).join(" or ")}, not "${status}"`,
    statusOfAnother: (event: string, status: string) =>
      `an event named ${event} cannot carry the status "${status}", which belongs to another event`,
    namesNoOrder: (event: string, field: string) => `${event} names no order: its signed ${field} is empty`,
    noTimestamp: "no X-Timestamp to hold against --max-age",
    tooOld: (stamp: string, maxAge: number) => `sent at ${stamp}, more than --max-age ${maxAge} s from now`,
    alreadyReceived: (about: string) => `Already received ${about} (the service tried again); answered 200.`,
    refused: (method: string, url: string, from: string, why: string, status: number) =>
      `Refused ${method} ${url} from ${from}: ${why}; answered ${status}.`,
    nothingHere: (path: string) => `nothing here; webhooks go to ${path}`,
    onlyPost: "only POST",
    notJson: "the body is not JSON",
    tooLarge: (kb: number) => `the body is larger than ${kb} KB`,
    bodyNotInTime: "the body did not arrive in time",
    notTaken: (from: string, why: string) =>
      `Could not take a delivery from ${from}: ${why}; answered 500, so the service tries again.`,
    portInUse: (port: number, host: string) => `Port ${port} on ${host} is already in use.`,
    portInUseHint: "Pick another with --port, or --port 0 for a free one.",
    notThisMachine: (host: string) => `Cannot listen on ${host}: it is not an address of this machine.`,
    portNotAllowed: (port: number) => `Not allowed to listen on port ${port}.`,
    portNotAllowedHint: "Ports below 1024 need privileges; pick one above.",
    problem: (why: string) => `The listener hit a problem: ${why}; it goes on.`,
    /** The deliveries the listener keeps (the records database, and an earlier release's webhook-deliveries.jsonl it imports) as found at start. */
    deliveriesProblem: (path: string, problem: string) => `The webhook deliveries at ${path}: ${problem}.`,
    deliveriesUnreadable: (path: string, why: string) => `Cannot read the webhook deliveries at ${path}: ${why}.`,
    deliveriesNotOpened: (path: string, why: string) => `Cannot open the webhook deliveries at ${path}: ${why}.`,
    deliveriesUnreadableHint:
      "Make it a readable file of yours again, or move it aside (deliveries already handed on may then be handed on again).",
    lastLineCut:
      "its last line was cut short (a crash while writing); the delivery it named, if any, is handed on again when the service retries it",
    deliveriesDamaged: (path: string, n: number) =>
      `The webhook deliveries at ${path} cannot be read: none of its ${n} lines is a delivery record.`,
    deliveriesDamagedHint:
      "Move it aside and start again: deliveries the service retries will then be handed on again, each with its delivery id (X-Reseller-Delivery, RESELLER_DELIVERY_ID).",
    linesDamaged: (n: number) =>
      `${n} of its lines are damaged and were skipped; a delivery they named is handed on again if the service retries it`,
  },
  phone: {
    empty: "it is empty",
    digitsOnly: "a phone number has only digits (and a + in front)",
    notIndonesian: "it is not an Indonesian number (+62)",
    mobileStart: "a mobile number starts with 08, 628 or +628",
    didYouMean: (number: string) => `Did you mean ${number}?`,
    length: (digits: number, min: number, max: number) =>
      `it has ${digits} digits, counted from the leading 0; a mobile number has ${min} to ${max} (08…)`,
    required: "Required",
    notMobile: (why: string, hint: string) => `Not a mobile number: ${why}${hint ? `. ${hint}` : ""}`,
    refused: (note: string, item: string, why: string) =>
      `the note "${note}" is not a mobile number for ${item}: ${why}.`,
    refusedHint:
      "Check it with the customer; if it is right, buy with --no-check (a provider that refuses it refunds the balance only later).",
    item: (id: number, name: string) => `item ${id} (${name})`,
    waRefused: (number: string, why: string) => `--wa "${number}" is not a mobile number: ${why}.`,
    waHint: "Give the customer's WhatsApp number (08…, 628… or +628…), or --wa alone to send to the order's number.",
  },
  /** The questions' own words: the keys under a list, and the answer to a yes-or-no question once given. */
  prompts: {
    keys: { navigate: "navigate", select: "select" } as Record<string, string>,
    yes: "Yes",
    no: "No",
  },
  /** `reseller emulator`: what it says on stderr as it starts, and why it cannot. */
  emulator: {
    baseUrlLine: (url: string) => `Base URL: ${url}`,
    apiKeyLine: (key: string) => `Demo API key: ${key}`,
    portInUse: (where: string) => `port ${where} is in use.`,
    portInUseHint:
      "Stop what listens there, choose another with --port N, or let the emulator take a free one with --port 0.",
    portNotAllowed: (where: string) => `port ${where} needs privileges this user does not have.`,
    portNotAllowedHint: "Choose a port above 1023, or --port 0 for a free one.",
    on: (host: string) => ` on ${host}`,
    hostNotHere: (host: string) => `cannot listen on ${host}: it is not an address of this machine.`,
    stateKept: (file: string) => `State is kept in ${file}`,
    stateInMemory: "State is in memory; use --state FILE to keep it",
    dialect: (dialect: string) =>
      `Answering in the ${dialect} dialect; switch with --dialect live|live-short|spec or POST /__emulator/dialect`,
    controls: (baseUrl: string) =>
      `Test controls (X-APIKEY: an emulator key, JSON bodies): ${baseUrl}/__emulator/state, /__emulator/clock, /__emulator/faults, /__emulator/dialect`,
    foreground: "Running in the foreground: to eval these lines, add --detach. ",
    pressCtrlC: "Press Ctrl-C to stop",
    exposed: (host: string) =>
      `Warning: listening on ${host}; anyone who can reach it can use its demo API keys, and with them the test controls under /__emulator/.`,
    notStarted: (seconds: number) => `The emulator did not start in the background within ${seconds} s.`,
    seeLog: (log: string) => `See ${log}.`,
    detached: (baseUrl: string, pid: number, log: string) =>
      `The emulator runs in the background at ${baseUrl} (pid ${pid}; its log: ${log}).`,
    stopWith: (pid: number, printEnv: boolean) =>
      `Stop it with: kill ${pid}${printEnv ? ` (or kill "$RESELLER_EMULATOR_PID")` : ""}`,
  },
  /** Under a page of a list (`trx list`, `balance history`): where it sits and how to see the next. */
  pages: {
    of: (page: number, last: number, total: string) => `Page ${page} of ${last}${total}.`,
    total: (count: number, noun: "transactions" | "changes") =>
      ` (${count} ${noun === "transactions" ? "transactions" : "changes"})`,
    next: (command: string) => ` Next: ${command}`,
    mayBeMore: (page: number, command: string) => `Page ${page}; there may be more: ${command}`,
  },
  login: {
    pipeHint:
      "Pipe the key in: printf '%s' \"$RESELLER_KEY\" | reseller login --with-key --base-url https://api.example.com",
    address: "Service address (the part before /v1)",
    typeAddress: "Type the address, e.g. https://api.example.com",
    noAddress: "No service address to log in to.",
    noAddressHint: "Give it with --base-url https://api.example.com (or RESELLER_BASE_URL).",
    apiKey: "API key",
    pasteKey: "Paste the API key (it is not shown)",
    pasteThenCtrlD: "Paste the API key, then press Enter and Ctrl-D:",
    noKeyOnStdin: "--with-key read no API key from stdin.",
    keyHasSpaces: "An API key has no spaces or line breaks; check what was pasted.",
    wrongKeyHint: (key: string, baseUrl: string) =>
      `Nothing was saved. Check the key ${key} for ${baseUrl} and try again.`,
    loggedIn: (baseUrl: string, profile: string, key: string, balance: string) =>
      `Logged in to ${baseUrl} as profile ${profile} (key ${key}), balance ${balance}.`,
    environmentKeyWins:
      "RESELLER_API_KEY is set in this environment and wins over the saved key; unset it to use the saved one.",
    /** Asked once, when the profile has no language: cron and scripts without LANG then speak it too. */
    language: "Language for this profile (also from cron and scripts)",
  },
  /** What shell completion says beside each command, flag and value. */
  completion: {
    /** zsh's headings over the candidates it lists. */
    commandsHeading: "command",
    flagsHeading: "flag",
    valuesHeading: "value",
    /** zsh's heading over values asked of `reseller __complete`. */
    dynamicHeadings: { channels: "channels", locks: "locks", profiles: "profiles", items: "items" },
    /** The comments at the top of a completion script. */
    header: (shell: string) =>
      `# ${shell} completion for reseller, generated by \`reseller completion ${shell}\`; regenerate after upgrading.`,
    install: "# Install:",
    or: "#      or:",
    thenNewShell: "(then start a new shell)",
    afterCompinit: "(after compinit)",
    /** Beside a channel code and a lock token (`reseller __complete`). */
    channel: (name: string, fee: string) => `${name}, fee ${fee}`,
    lock: (item: string, quantity: number, left: string) => `item ${item} x${quantity}${left ? `, ${left} left` : ""}`,
  },
  /** `webhook show`, `set`, `test` and `secret`: the service's webhook settings as people read them. */
  webhook: {
    /** Labels of the fields reseller knows, on a terminal; piped, the service's names stay. */
    url: "URL",
    enabled: "Enabled",
    secret: "Secret",
    yes: "yes",
    no: "no",
    secretSet: "set",
    secretNotSet: "not set",
    serviceSaid: (message: string) => `The service said: "${message}"`,
    noSettings: "The service answered with no webhook settings.",
    noUrl: "No callback URL is set; set one with `reseller webhook set --url https://…`.",
    notUrl: (text: string) => `--url "${text}" is not a URL.`,
    urlExample: "For example: --url https://bot.example.com/webhook",
    httpsFor: (host: string) => `--url must be https:// for ${host}: plain http is only for this machine (localhost).`,
    httpsHint:
      "Put the bot behind https (a reverse proxy, or a tunnel such as cloudflared or ngrok for `reseller webhook listen`).",
    httpsOnly: (protocol: string) => `--url must be an https:// address, not ${protocol}`,
    enableAndDisable: "--enable and --disable cannot be used together.",
    nothingToSet: "Nothing to set: give --url, --enable or --disable.",
    noUrlToSwitch: "The service has no callback URL to switch on or off.",
    giveOne: (example: string) => `Give one: ${example}`,
    goTo: (url: string, said: string) => `Saved: the service will send webhooks to ${url}${said ? ` ${said}` : ""}.`,
    switchedOff: (url: string, said: string) => `Saved: webhooks to ${url} are switched off${said ? ` ${said}` : ""}.`,
    sendTest: "Send a test event with `reseller webhook test`.",
    testSending: (said: string) => `The service is sending a webhook.test event${said ? ` ${said}` : ""}.`,
    listenPrintsIt: "`reseller webhook listen` prints it when it arrives.",
    replacesAtOnce:
      "A new secret replaces the current one at once: a receiver still checking the old one refuses every event until it has the new one.",
    makeNew: "Make a new webhook secret?",
    nothingChanged: "Nothing changed; the current secret still works.",
    whichField: "The service answered, but reseller cannot tell which field is the new secret; nothing was saved.",
    whichFieldHint:
      "The old secret may already be invalid: copy the new one from the answer above, or run `reseller webhook secret` again.",
    onlyTime:
      "This is the only time the service shows this secret; keep it now (anyone who has it can forge webhooks).",
    saved: (profile: string, masked: string) =>
      `Saved as webhook_secret of profile "${profile}" (${masked}); \`reseller webhook listen\` uses it.`,
    environmentWins:
      "RESELLER_WEBHOOK_SECRET is set in this environment and wins over the saved secret; update or unset it.",
    keepNextTime:
      "Keep it in the profile with `reseller webhook secret --save` next time, or give it to your receiver as RESELLER_WEBHOOK_SECRET.",
  },
  topup: {
    /** After a top-up request whose answer was lost. */
    settleHint: "No money moves until a payment link is paid: request a new one with `reseller topup`.",
    switchedOff: (code: string) => `The payment channel ${code} is switched off right now.`,
    chooseAnother: (open: string) => `Choose another: ${open} (\`reseller channels\`).`,
    noneOpen: "No channel is open right now; try again later.",
    noSuchChannel: (code: string, codes: string) => `There is no payment channel "${code}". Channels: ${codes}.`,
    seeChannels: "See names and fees with `reseller channels`.",
    notAnAmount: (why: string, readings: string) => `Not an amount: ${why} (${readings})`,
    either: " or ",
    atLeast: (amount: string) => `At least ${amount}`,
    outOfRange: (code: string, range: string, amount: string, below: boolean) =>
      `${code} takes top-ups of ${range}; ${amount} is ${below ? "below" : "above"} that.`,
    splitIt: "Split it into several top-ups, or choose a channel that takes more (`reseller channels`).",
    atLeastMinimum: "Top up at least the channel's minimum.",
    takes: (code: string, range: string) => `${code} takes ${range}`,
    takesShort: (range: string) => `takes ${range}`,
    feeWord: "fee",
    forExample: "For example: reseller topup --amount 50000 --channel QRIS --yes (channel codes: `reseller channels`).",
    noChannels: "The service offers no payment channels right now.",
    channelPrompt: "Payment channel",
    amountPrompt: (range: string) => `Amount to top up (${range})`,
    atLeastLower: (amount: string) => `at least ${amount}`,
    channel: "Channel",
    amount: "Amount",
    fee: "Fee",
    estimate: (fee: string) => `${fee}; the service's own figure follows`,
    total: "Total",
    confirm: (total: string) => `Request a payment link for ${total}?`,
    nothingRequested: "Nothing was requested.",
    notWebLink:
      "The payment link is not an http(s) address, so no QR code is drawn; check it with the service before anyone pays through it.",
    paymentLink: "Payment link",
    qrLink: "QR link",
    invoice: "Invoice",
    totalToPay: "Total to pay",
    expires: "Expires",
    waiting: (remaining: string) => `Waiting for payment: the link expires in ${remaining}`,
    leaveKeys: "(q, Enter or Esc to leave)",
    received: (balance: string) => `Payment received: the balance is now ${balance}.`,
    expired: "The payment link expired; nothing was charged. Run `reseller topup` for a new one.",
    stillValid: "The link stays valid until it expires; `reseller balance` shows when it is paid.",
  },
  /** Settings, the config file and dir, `config get/set/list`, `logout` (src/config, src/commands/config). */
  settings: {
    /** A value typed for a setting (a flag, a variable, `config set`) that its rule refuses. */
    mustBe: (where: string, rule: string, text: string) => `${where} must be ${rule}, not "${text}".`,
    timeZone: "a time zone such as Asia/Jakarta or Asia/Makassar",
    wholeFromTo: (unit: string, min: number, max: number) =>
      `${unit ? `whole ${unit}` : "a whole number"} from ${min} to ${max}`,
    wholeFrom: (min: number) => `a whole number from ${min}`,
    /** After the command that repairs a stored whole number: ` (0 to 10)`. */
    range: (min: number, max: number) => ` (${min} to ${max})`,
    positiveWhole: (unit: string) => (unit ? `a positive whole number of ${unit}` : "a positive whole number"),
    units: { seconds: "seconds", hours: "hours", megabytes: "megabytes" } as Record<string, string>,
    /** What a stored value must be, as the config file's errors say it. */
    stored: {
      oneOf: (values: string) => `one of ${values}`,
      timeZone: "a time zone such as Asia/Jakarta",
      text: "a string",
    },
    notAUrl: (address: string) => `The base URL "${address}" is not a URL.`,
    notAUrlHint: "Give the address before /v1, e.g. https://api.example.com",
    notHttps: (protocol: string) => `The base URL must start with https:// (got ${protocol}).`,
    credentialsInUrl: (address: string) =>
      `The base URL holds a user name or password (${address}); reseller neither sends nor keeps credentials that way.`,
    credentialsInUrlHint: "Give the address alone (https://host/...); the service is authenticated with the API key.",
    clearText: (host: string) => `Refusing to send the API key in clear text to ${host}.`,
    clearTextHint: "Use an https:// address, or pass --insecure if you really mean it.",
    noSuchSetting: (text: string) => `There is no setting "${text}".`,
    settingsAre: (names: string) => `The settings are ${names}.`,
    /** The config file's problems: `The config file PATH is not JSON (at line 2, column 5).` */
    configInvalid: (path: string, what: string) => `The config file ${path} ${what}.`,
    notJson: (where: string) => `is not JSON${where}`,
    itIsEmpty: " (it is empty)",
    atLineColumn: (line: number, column: number) => ` (at line ${line}, column ${column})`,
    notProfiles: 'does not hold {"profiles": {"NAME": {...}}}',
    badValue: (value: string, key: string, profile: string, rule: string) =>
      `holds ${value} as ${key} of profile "${profile}", which must be ${rule}`,
    aList: "a list",
    aKind: (kind: string) => `a ${kind}`,
    repairValue: (command: string) => `Run ${command} to replace it, or correct the file by hand.`,
    repairFile: "Correct the file by hand, or move it aside (`mv` it) and run `reseller login` again.",
    busy: (path: string, seconds: number) =>
      `The config file ${path} has been held by another reseller saving it for over ${seconds} s; nothing was changed.`,
    busyHint: "Try again once the other reseller command has finished.",
    cannotRead: (path: string, why: string) => `Cannot read the config file ${path}: ${why}.`,
    dirIsLink: (dir: string) =>
      `${dir} is a symbolic link: reseller keeps its config and API key only in a directory of its own.`,
    giveReadAccess: (path: string) =>
      `Give yourself read access (\`chmod 600 ${path}\`), or run reseller as the user who owns it.`,
    pointAtDir: (dir: string) => `Point RESELLER_CONFIG_DIR at a dir: part of ${dir} is a file.`,
    moveAside: (path: string) => `Move it aside (\`mv ${path} ${path}.old\`) and run \`reseller login\` again.`,
    cannotSave: (path: string, why: string) => `Cannot save the config file ${path}: ${why}; nothing was changed.`,
    /** The lock beside a file of reseller's (config.json.lock) cannot be taken: named as the lock, not the file it guards. */
    cannotLock: (lock: string, why: string) => `Cannot take the lock ${lock}: ${why}; nothing was changed.`,
    notALock: (lock: string) =>
      `reseller makes its locks as plain files, so this one is not reseller's: remove it (\`rm ${lock}\`) and try again.`,
    freeDisk: "Free some disk space, then try again.",
    makeWritable: (dir: string) => `Make ${dir} writable for you, or point RESELLER_CONFIG_DIR at a dir that is.`,
    /** What went wrong with a file, said before its system code: `permission denied (EACCES)`. */
    fileProblems: {
      ELOOP: "it is a symbolic link, and reseller does not follow links to its own files",
      EISDIR: "it is a directory",
      ENOTREG: "it is not a regular file",
      ENOTDIR: "part of its path is not a directory",
      EACCES: "permission denied",
      EPERM: "permission denied",
      EROFS: "the file system is read-only",
      ENOSPC: "the disk is full",
      EDQUOT: "the disk quota is used up",
      EIO: "the disk could not be read or written",
      EEXIST: "a file of that name is in the way",
    } as Record<string, string>,
    linkRefused:
      "Put a copy of the file the link points to in its place, or point RESELLER_CONFIG_DIR at the dir that file is in.",
    cannotWriteResults: (path: string, why: string) => `Cannot write the results to ${path}: ${why}.`,
    cannotWriteResultsHint: "Name another file with --out.",
    isTheOrdersFile: (path: string) => `it is the orders file ${path}`,
    isOrdersFile: (path: string) => `it is the orders file ${path}, which would be emptied`,
    /** What checkConfigDir says about a dir or files others can reach. */
    configDirOwner: (dir: string, uid: number) => `the config dir ${dir} (uid ${uid})`,
    fileOwner: (path: string, uid: number) => `${path} (uid ${uid})`,
    dirOpen: (dir: string, mode: string) =>
      `The config dir ${dir} is open to others (${mode}) and holds more than reseller's files, so its mode was left alone; reseller's own files in it are yours alone. Give reseller a dir of its own (RESELLER_CONFIG_DIR).`,
    ownedByAnother: (what: string) =>
      `Owned by another user: ${what}. That user can read your API key and change what reseller sends; use a config dir of your own (RESELLER_CONFIG_DIR).`,
    tightened: (what: string) =>
      `Took group and other access off ${what}: reseller keeps its files readable by you alone.`,
    /** `config get`, `config set`, `config list`. */
    notSet: (key: string, profile: string) => `${key} is not set for profile "${profile}".`,
    secretRefused: (what: string) =>
      `${what} cannot be set with \`config set\`: a command line is visible in \`ps\` and stays in your shell history.`,
    secrets: {
      api_key: {
        called: "The API key",
        instead:
          "Run `reseller login` (it asks without echoing), or pipe the key: `printf '%s' \"$KEY\" | reseller login --with-key`. If you typed a real key just now, consider rotating it.",
      },
      webhook_secret: {
        called: "The webhook secret",
        instead:
          "Run `reseller webhook secret --save` (the service makes a new one), or set RESELLER_WEBHOOK_SECRET in the listener's environment.",
      },
    } as Record<string, { called: string; instead: string }>,
    droppedV1: (address: string) => `Dropped the trailing /v1: the base URL is the part before it (${address}).`,
    plainHttp: "This address is plain http: every command will need --insecure to use it.",
    set: (key: string, value: string, profile: string) => `Set ${key} to ${value} for profile "${profile}".`,
    or: " or ",
    overrides: (by: string, key: string, value: string) => `${by} overrides it here (${key} in use: ${value}).`,
    profileIn: (profile: string, path: string, others: string) =>
      `Profile "${profile}" in ${path}${others ? ` (other profiles: ${others})` : ""}`,
    setting: "Setting",
    value: "Value",
    from: "From",
    /** Where a value came from, in the table; piped rows and --json keep the English word. */
    sources: {
      flag: "flag",
      environment: "environment",
      profile: "profile",
      locale: "locale",
      default: "default",
    } as Record<string, string>,
    invalid: "invalid",
    unreadable: "unreadable",
    /** `logout`. */
    loggedOut: (profile: string, key: string, baseUrlKept: boolean) =>
      `Logged out of profile "${profile}": forgot the API key ${key}${baseUrlKept ? "; the base URL is kept" : ""}.`,
    noStoredKey: (profile: string) => `Profile "${profile}" has no stored API key; nothing to do.`,
    environmentKeyStays: "RESELLER_API_KEY is still set in this environment and will keep being used; unset it too.",
  },
  /** The service client's own sentences (src/api): a failure to reach it, an answer it cannot read, a retry. */
  service: {
    /** `0.4 s`, `12 s`: a wait as these lines say it. */
    seconds: (n: string) => `${n} s`,
    retrying: (method: string, path: string, delay: string, attempt: number, attempts: number, why: string) =>
      `Retrying ${method} ${path} in ${delay} (attempt ${attempt} of ${attempts}; ${why})`,
    lastFailed: (words: string) => `the last failed: ${words}`,
    lastSaid: (code: string) => `the last said ${code}`,
    nothing: "nothing",
    waitPastTimeout: (wait: string, timeout: string) =>
      `The service asked to wait ${wait} before trying again; that is past this command's --timeout of ${timeout}. Try again later.`,
    notJson: (method: string, path: string, empty: boolean, status: number) =>
      `The service answered ${method} ${path} with ${empty ? "an empty body" : "something that is not JSON"} (HTTP ${status}).`,
    pageNotJson: (method: string, path: string, status: number, empty: boolean) =>
      `The service answered ${method} ${path} with HTTP ${status} and ${empty ? "an empty body" : "a page that is not JSON"}.`,
    notOffered: (what: string) => `This service does not offer ${what}.`,
    notOfferedHint:
      "Its documentation may list it, but this service answers that it has no such endpoint. If every command says this, check the base URL (`reseller config get base_url`).",
    /** What some endpoints are, when this service does not offer them: `account validation (POST /v1/item/validate)`. */
    endpoints: {
      accountCheck: "account validation",
      transactions: "a list of transactions",
      balanceHistory: "a balance history",
    },
    endpointIs: (what: string, endpoint: string) => `${what} (${endpoint})`,
    emptySegment: (what: string) => `An empty ${what} was given.`,
    notASegment: (value: string, what: string) => `"${value}" is not a ${what}.`,
    refOrInvoice: "ref_id or invoice",
    lockToken: "lock token",
    keyNotSendable: "The API key holds a control character (a line break or tab pasted with it?); nothing was sent.",
    keyNotSendableHint: "Save the key again without it: `reseller login`, or check RESELLER_API_KEY.",
    noCompleteAnswer: (within: string) => `no complete answer within ${within}`,
    tooLarge: (method: string, path: string, megabytes: number) =>
      `The service's answer to ${method} ${path} was larger than ${megabytes} MB; reseller stopped reading it.`,
    tooLargeHint:
      "This is not an answer the service should give; try again later, or run with --verbose to see how it begins.",
    certificate: (baseUrl: string, code: string) =>
      `The certificate of ${baseUrl} could not be verified (${code}); nothing was sent.`,
    certificateHint:
      "Someone between you and the service may be intercepting the connection (a proxy, a captive portal, an attacker), or the address is wrong. Check the base URL and your network; do not turn certificate checks off to get past this.",
    /** `The service at URL could not be reached: the connection was refused; nothing was sent.` */
    unreachable: (baseUrl: string, what: string, words: string, nothingSent: boolean) =>
      `The service at ${baseUrl} ${what}${words ? `: ${words}` : ""}${nothingSent ? "; nothing was sent" : ""}.`,
    notReachedInTime: "could not be reached in time",
    notReached: "could not be reached",
    noAnswerInTime: "did not answer in time",
    noAnswer: "did not answer",
    dropped: "dropped the connection before answering",
    mayHaveBeenProcessed: "The request may have been processed; check before trying again.",
    checkNetwork:
      "Check your network, any proxy (HTTPS_PROXY, HTTP_PROXY) and the base URL (`reseller config get base_url`), then try again.",
    refused: "The service refused the request.",
    checkKey: "Check your API key: `reseller login`.",
    /** Underneath a network failure (shown with --verbose). */
    closedByPeer: (why: string) => `other side closed (${why})`,
    noConnectionWithin: (ms: number) => `no connection within ${ms} ms`,
    noTunnel: (why: string) => `the proxy did not open a tunnel (${why})`,
    /** An answer that lacks what it must hold: `The service's answer to GET /v1/balance has no balance.` */
    theAnswer: "the answer",
    answerTo: (where: string, what: string) => `The service's answer to ${where} ${what}.`,
    numberTooLarge: (value: string) => `has a number too large to be real (${value})`,
    noData: (isNull: boolean): string => (isNull ? "has no data (it is null)" : "has no data object"),
    noList: (isNull: boolean) => `has no list${isNull ? " (data is null)" : ""}`,
    noBalance: "has no balance",
    noPaymentLink: "has no payment link, QR link or invoice",
    noItemId: "has no item id",
    noLockToken: "has no lock token",
    namesNoAccount: "names no account",
    /** Put in place of what an answer nests too deep to read; --json prints the answer as it came. */
    nestedTooDeep: "…(nested too deep to show; see --json)",
    /** The exchange as --verbose logs it: `→ GET URL (attempt 2)`, `← GET /v1/balance failed after 31 ms: …`. */
    attempt: (n: number) => ` (attempt ${n})`,
    readAsItArrives: " (read as it arrives)",
    bytesRead: (size: number) => `(${size} bytes read as they came)`,
    failedAfter: (method: string, path: string, ms: number, cause: string) =>
      `${method} ${path} failed after ${ms} ms: ${cause}`,
    bodyWithheld: "(body withheld: it carries the webhook secret)",
  },
  /** `trx list` and `trx show`'s own lines (src/commands/trx). */
  trx: {
    none: (status: string, page: number) =>
      `No transactions${status ? ` with status ${status}` : ""}${page > 1 ? ` on page ${page}` : ""}.`,
    /** `Settled in the journal: REF was delivered (invoice INV).` */
    settled: (refId: string, said: string, invoice: string) =>
      `Settled in the journal: ${refId} ${said}${invoice ? ` (invoice ${invoice})` : ""}.`,
    wasVerdict: (verdict: string) => `was ${verdict}`,
    deliveryFailed: (refunded: string) =>
      `was bought, and its delivery failed${refunded ? ` (${refunded} refunded)` : ""}`,
  },
  /** `--jq`: an expression jq cannot read, or a filter that failed on the answer (src/output/jq.ts). */
  jq: {
    /** jq's own message follows, in jq's words. */
    cannotRead: (message: string) => `--jq: ${message}`,
    failed: (message: string) => `--jq: ${message}`,
    syntaxHint:
      "The expression is jq's language, e.g. --jq '.data.balance' or --jq '.data[] | select(.status == \"pending\") | .ref_id'.",
    failedHint: "The command itself ran; only the filter failed. Try the expression on its --json output.",
  },
  /** The kept catalogue: bringing it up to date, searching it, `items --changes`, `item ID` (src/catalogue). */
  catalogue: {
    checking: "Checking the catalogue for changes",
    fetching: "Fetching the catalogue",
    spinner: (doing: string) => `${doing}…`,
    progress: (doing: string, text: string) => `${doing}: ${text}`,
    itemsSoFar: (n: number) => `${n.toLocaleString("en")} items so far…`,
    pageOf: (page: number, of: number | null, n: number) =>
      `page ${page}${of !== null ? ` of ${of}` : ""}, ${n.toLocaleString("en")} items…`,
    /** Offline with a copy at hand: the failure, then this. */
    showingOld: (failure: string, when: string) => `${failure} Showing the catalogue as checked ${when}.`,
    resumed: " (going on from the pages kept by the last run)",
    fetched: (n: number, resumed: string) => `Fetched ${n} items${resumed}.`,
    changed: (n: number, resumed: string) =>
      `${n} ${n === 1 ? "item" : "items"} changed since the last check${resumed}.`,
    notKept: (dir: string, why: string) =>
      `Could not keep the catalogue in ${dir} (${why}); the next call fetches it again.`,
    noneMatch: "No items match.",
    empty: "The catalogue is empty.",
    noCategory: (category: string) => `The catalogue has no category "${category}".`,
    categories: (names: string) => `Categories: ${names}.`,
    noCategories: "The catalogue names no categories.",
    /** Why the copy could not be kept, said inside `Could not keep the catalogue in DIR (…)`. */
    headerTooLong: "the catalogue's header does not fit its line",
    copyEndedEarly: "the kept catalogue ended early",
    notReadBack: "the catalogue just written could not be read back",
    /** A catalogue answer that cannot be read as it arrives. */
    entryTooLarge: (megabytes: number) =>
      `One entry of the service's catalogue is larger than ${megabytes} MB; reseller stopped reading it.`,
    answerEmptyOrNotJson: "The service's catalogue answer is empty or not JSON.",
    answerGoesOn: "The service's catalogue answer goes on after its end.",
    answerEndedEarly: "The service's catalogue answer ended before it was complete.",
    answerNotJson: "The service's catalogue answer is not JSON.",
    answerNotObject: "The service's catalogue answer is not a JSON object.",
    syncTimedOut: "The catalogue did not arrive whole in the time a sync is given.",
    tooManyVariants: (max: number) =>
      `The catalogue went past ${max.toLocaleString("en")} variants; reseller stopped reading it.`,
    tooManyVariantsHint: "A real catalogue has far fewer. If yours is this large, raise RESELLER_MAX_CATALOGUE_MB.",
    allAtOnceGave: (count: number, total: string) => `per_page=all gave ${count} of ${total} items`,
    more: "more",
    /** How a fetch that failed went, said under its error. */
    whole: "The catalogue",
    changes: "What changed in the catalogue",
    askedAtOnce: (how: string) => ` Asked all at once, ${how}.`,
    askedAtOnceFailed: (message: string) => ` Asked all at once (per_page=all): ${message}`,
    noPage: "no page arrived",
    pagesArrived: (kept: number, of: number | null, items: number) =>
      `${kept}${of !== null ? ` of ${of}` : ""} pages arrived (${items.toLocaleString("en")} items)`,
    fetchFailed: (what: string, atOnce: string, reached: string, page: number) =>
      `${what} could not be fetched whole.${atOnce} Then by pages, ${reached}, and page ${page} failed.`,
    arrivedKept: (page: number) =>
      `What arrived is kept: \`reseller items\` again goes on from page ${page} (within the hour). A larger --timeout gives each request longer.`,
    tryLater: "Try again later, or with a larger --timeout.",
    /** `items --changes`. */
    changesTakeNoFilter:
      "--changes lists every change in the catalogue; it takes no --search, --category or --process.",
    changesFilterHint: "Filter the rows instead: reseller items --changes | grep -i telkomsel",
    pricesNotKept: (why: string) => `Could not keep the prices for the next --changes (${why}).`,
    noEarlierCopy:
      "No earlier copy of the catalogue to compare with; the next --changes will say what changed since now.",
    nothingChanged: (since: string) => `Nothing changed since ${since}.`,
    change: "Change",
    oldPrice: "Old price",
    oldShort: "Old",
    newPrice: "New price",
    newShort: "New",
    /** A change's kind as people read it; piped rows keep the word with underscores. */
    kinds: {
      price: "price",
      new: "new",
      gone: "gone",
      out_of_stock: "out of stock",
      back_in_stock: "back in stock",
      disrupted: "disrupted",
      recovered: "recovered",
    } as Record<string, string>,
    changeCount: (n: number, since: string) => `${n} ${n === 1 ? "change" : "changes"} since ${since}.`,
    /** `item ID`. */
    minimumOrder: "Minimum order",
    orderProcess: "Order process",
    requiredFields: "Required fields",
    openAmount: "Open amount",
    accountCheck: "Account check",
    description: "Description",
    none: "none",
    amount: "amount",
    no: "no",
    notOffered: "not offered",
    offered: "offered",
    offeredWithZone: "offered, needs a zone",
  },
  /** What the service's error codes mean to a reseller, and what to do next (src/api/codes.ts). */
  serviceCodes: {
    BALANCE_IS_INSUFFICIENT: {
      message: "Your balance cannot cover this purchase.",
      suggestion: "Top up with `reseller topup`, then buy again with the same --ref-id.",
    },
    SMM_ORDER_REQUIRES_JSON_NOTE: {
      message: "This SMM item needs its note as JSON with a target.",
      suggestion: "Use --target (and --opt/--comment) and reseller builds the note.",
    },
    REF_ID_ALREADY_EXIST: {
      message: "This ref_id was used before.",
      suggestion: "See that purchase with `reseller trx show <ref_id>`, or choose another --ref-id.",
    },
    TRX_NOT_FOUND: {
      message: "No transaction has this ref_id or invoice.",
      suggestion: "Check the id; `reseller history` lists the ref_ids this machine sent.",
    },
    ITEM_NOT_FOUND: { message: "No active item has this id." },
    INSUFFICIENT_STOCK: { message: "Not enough stock for this quantity." },
    MINIMUM_ORDER_NOT_MET: {
      message: "The quantity is below this item's minimum order.",
      suggestion: "See the minimum with `reseller item <id>`.",
    },
    LOCK_NOT_REQUIRED: {
      message: "This item has unlimited stock and needs no lock.",
      suggestion: "Buy it directly with `reseller buy`.",
    },
    MAX_ACTIVE_LOCKS_REACHED: {
      message: "You hold the most stock locks the service allows at once.",
      suggestion: "Release one with `reseller lock release <token>` or wait for one to expire.",
    },
    LOCK_NOT_FOUND: {
      message: "No lock of yours has this token.",
      suggestion: "See your locks with `reseller lock list`.",
    },
    LOCK_EXPIRED: {
      message: "The lock has expired; its stock is no longer reserved.",
      suggestion: "Lock again with `reseller lock add`, or buy without --lock.",
    },
    LOCK_RELEASED: { message: "The lock was already released." },
    LOCK_ALREADY_USED: { message: "The lock was already used by a purchase." },
    LOCK_MISMATCH: {
      message: "The item or quantity does not match the lock.",
      suggestion: "Use the lock's own item and quantity (`reseller lock list`).",
    },
    INVALID_API_KEY: {
      message: "The service did not accept the API key.",
      suggestion: "Log in again with `reseller login`, or check RESELLER_API_KEY.",
    },
    VALIDATION_ERROR: { message: "The service rejected some fields." },
    SERVICE_UNAVAILABLE: { message: "The service is unavailable right now.", suggestion: "Try again in a moment." },
    PRODUCT_TEMPORARILY_UNAVAILABLE: {
      message: "This product is unavailable right now; the order was refused and nothing was charged.",
      suggestion: "Try again later with the same --ref-id, or choose another item.",
    },
    REQUIRED_FIELD_MISSING: {
      message: "The item needs a field the order did not give.",
      suggestion: "See the item's required fields with `reseller item <id>`.",
    },
    OUT_OF_STOCK: { message: "This item is out of stock." },
    ACCOUNT_MUST_BE_RESELLER: {
      message: "This account is not a reseller account.",
      suggestion: "Use the API key of a reseller account.",
    },
    INVALID_IP: {
      message: "The service does not accept requests from this machine's IP address.",
      suggestion: "Add this machine's IP to the whitelist in the dashboard.",
    },
    THE_ACCOUNT_HAS_BEEN_SUSPENDED: { message: "The account has been suspended." },
    ACCOUNT_NOT_FOUND: {
      message: "There is no account with this customer id.",
      suggestion: "Check the id (and zone) with the customer.",
    },
    VALIDATION_NOT_AVAILABLE: { message: "The service does not offer an account check for this item." },
    WEBHOOK_URL_NOT_SET: {
      message: "No webhook URL is set, so there is nowhere to send it.",
      suggestion: "Set one with `reseller webhook set --url https://…`, then try again.",
    },
    WEBHOOK_SECRET_NOT_SET: {
      message: "No webhook secret has been made yet, so the event could not be signed.",
      suggestion: "Make one with `reseller webhook secret --save`, then try again.",
    },
    TOO_MANY_REQUESTS: {
      message: "The service is getting too many requests from this account right now.",
      suggestion: "Wait a moment and try again.",
    },
    PAYLOAD_TOO_LARGE: {
      message: "The request was too large for the service.",
      suggestion: "Send fewer lines at once.",
    },
    INVALID_JSON: {
      message: "The service could not read the request.",
      suggestion: "This is a bug in reseller: please report it with the output of --verbose.",
    },
  },
  trxNotFound: (ref: string) => `No transaction has the ref_id or invoice ${ref}.`,
  /**
   * The settings' words in `help environment`, declared in English in the settings' table and keyed by
   * that English text: English needs no entry; test/unit/messages.test.ts names what another language lacks.
   */
  declared: {} as Readonly<Record<string, string>>,
  /**
   * Each command's help, declared in English beside the command (src/commands/*.command.ts) and
   * keyed here by its path ("lock add"; "" for the program and its global flags): English needs no
   * entry; test/unit/messages.test.ts names what another language lacks or keeps for nothing.
   */
  commandHelp: {} as Readonly<Record<string, CommandHelpWords>>,
  /** Table headings, the same word for the same column everywhere. */
  headings: {
    id: "ID",
    category: "Category",
    product: "Product",
    name: "Name",
    price: "Price",
    process: "Process",
    stock: "Stock",
    minOrder: "Min. order",
    minOrderShort: "Min",
    sku: "SKU",
    created: "Created",
    item: "Item",
    status: "Status",
    amount: "Amount",
    customer: "Customer",
    refId: "Ref ID",
    invoice: "Invoice",
    time: "Time",
    outcome: "Outcome",
    service: "Service",
    line: "Line",
    handOverOrProblem: "Hand over / problem",
  },
  /** The verdict on an order as people read it (src/domain/verdict.ts); --json and piped rows keep the contract's words. */
  verdicts: {
    bought: "bought",
    delivered: "delivered",
    partial: "partly delivered",
    delivery_failed: "delivery failed",
    refused: "refused",
    not_sent: "not sent",
    unknown: "unknown",
    refunded: (amount: string) => (amount ? `${amount} refunded` : "refunded"),
    /** Said beside a failure's outcome, so every failure says in one line whether money moved. */
    charged: {
      bought: "charged",
      delivered: "charged",
      partial: "charged, the undelivered part refunded",
      delivery_failed: "charged, then refunded",
      refused: "nothing charged",
      not_sent: "nothing charged",
      unknown: "may have been charged: `reseller reconcile` finds out",
    },
  },
  /** A transaction as `trx show` and `buy --wait` lay it out (src/output/transaction.ts). */
  /**
   * A status of the service on a person's screen, by its kind (src/api/status.ts) and the word the
   * service wrote (neutralised): English screens show the service's word as it came.
   */
  statusWord: (_kind: string, said: string) => said,
  /**
   * Text the service wrote, beside the tool's own words: quoted as the service's, never spliced into
   * a sentence of ours (it may be in another language, or say again what we said).
   */
  fromService: (text: string) => `(service: "${text}")`,
  transaction: {
    item: "Item",
    name: "Name",
    qty: "Qty",
    price: "Price",
    process: "Process",
    customerData: "Customer data",
    for: "For",
    handOver: "Hand over",
    status: "Status",
    serialNumber: "Serial number",
    providerMessage: "Provider message",
    order: "Order",
    startCount: "Start count",
    startShort: "Start",
    remains: "Remains",
    remainsShort: "Left",
    delivered: "Delivered",
    deliveredShort: "Done",
    refund: "Refund",
    providerStatus: "Provider status",
    providerShort: "Provider",
    invoice: "Invoice",
    refId: "Ref ID",
    amount: "Amount",
    paidWith: "Paid with",
    created: "Created",
    note: "Note",
    paymentLink: "Payment link",
    payBefore: "Pay before",
    items: "Items",
    deliverToCustomer: "Deliver to customer",
    h2hResults: "H2H results",
    smmProgress: "SMM progress",
    alternativeOf: "Alternative of",
    /** Why the order an alternative stands in for was given up: `RSL-… (Pulsa Telkomsel 25.000, disrupted)`. */
    givenUp: {
      disrupted: "disrupted",
      refused: "refused",
      not_sent: "not sent",
      delivery_failed: "delivery failed, refunded",
    },
  },
  buy: {
    /** A fault of reseller's own (printing, waiting) after the service answered the purchase: it stands. */
    faultAfterAnswer: (outcome: string, refId: string, invoice: string, fault: string) =>
      `The purchase stands (outcome: ${outcome}; ref_id ${refId}${invoice ? `, invoice ${invoice}` : ""}), but after the service's answer this went wrong: ${fault}`,
    buying: (what: string, total: string, refId: string) => `Buying ${what} for ${total} (ref_id ${refId})…`,
    what: (order: string, amount: string, invoice: string, refId: string) =>
      `${order} for ${amount}${invoice ? `: invoice ${invoice}` : ""}, ref_id ${refId}`,
    bought: (what: string) => `Bought ${what}.`,
    boughtButFailed: (what: string, refunded: string) =>
      `Bought ${what}, and its delivery has already failed${refunded ? `: ${refunded} refunded` : ""}.`,
    delivered: "Delivered",
    notDeliveredYet: "Bought, not delivered yet",
    finished: (standing: string, refId: string, invoice: string, outcome: string) =>
      `${standing}: ref_id ${refId}${invoice ? `, invoice ${invoice}` : ""} (outcome: ${outcome}).`,
  },
  items: {
    unlimited: "unlimited",
    soldOut: "sold out",
    /** The service says it cannot be bought now. */
    disrupted: "disrupted",
    /** This machine saw it fail recently (src/journal/recent-failures.ts): `2/5 failed (1 h)`. */
    failedRecently: (failed: number, of: number) => `${failed}/${of} failed (1 h)`,
    checked: (when: string) => `catalogue checked ${when}`,
    firstOf: (shown: number, found: number, all: number, checked: string) =>
      `The first ${shown} of ${found} matching items (${all} in all; ${checked}). Narrow with --search or --category, or pipe for every row.`,
    countOf: (found: number, all: number, checked: string) => `${found} of ${all} items; ${checked}.`,
  },
  /** The shop: `prices`, `receipt`, `report` and the balance alerts. */
  shop: {
    /** Said in the customer's language, not the reseller's: `receipt --lang` or `--lang` on the command line, else Indonesian. */
    receipt: {
      title: "RECEIPT",
      date: "Date",
      ref: "Ref",
      item: "Item",
      quantity: "Quantity",
      customer: "Customer",
      account: "Name",
      serial: "SN",
      licence: "Account/licence",
      sellerNote: "Note",
      delivered: "Delivered",
      deliveredOf: (delivered: number, ordered: number) => `${delivered} of ${ordered}`,
      price: "Price",
      total: "Total",
      refund: "Refunded",
      status: "Status",
      statuses: {
        success: "SUCCESSFUL",
        processing: "PROCESSING",
        failed: "FAILED — money refunded",
        partial: "PARTLY DELIVERED — the rest refunded",
      },
      thanks: "Thank you.",
    },
    /** A price list for customers (`prices --format text|md`), in the customer's language as a receipt is. */
    priceList: {
      title: "PRICE LIST",
      heading: "Price List",
      asOf: (date: string) => `As of ${date}`,
      item: "Item",
      price: "Price",
      soldOut: "sold out",
      /** An open amount: the customer names it and pays it plus this. */
      plusAmount: (price: string) => `amount + ${price}`,
      minimum: (n: string) => `min. ${n}`,
      others: "Other",
      mayChange: "Prices may change at any time.",
    },
    cost: "Cost",
    sellingPrice: "Selling price",
    sellingPriceShort: "Sell",
    margin: "Margin",
    noItemsMatch: "No items match.",
    catalogueEmpty: "The catalogue is empty.",
    firstOf: (shown: number, all: number) =>
      `The first ${shown} of ${all} items. Narrow with --search or --category, or pipe for every row.`,
    unpriced: (n: number) =>
      `${n} ${n === 1 ? "item has" : "items have"} no selling price: \`reseller prices set --markup 10%\` sets one for every item.`,
    leftOut: (n: number) =>
      `${n} ${n === 1 ? "item has" : "items have"} no selling price and ${n === 1 ? "is" : "are"} left out: set one with \`reseller prices set --markup …\`.`,
    /** A rule's items: `item 12`, `product Netflix`, `category Pulsa`, `every item`. */
    scope: {
      all: "every item",
      item: (id: string) => `item ${id}`,
      product: (name: string) => `product ${name}`,
      category: (name: string) => `category ${name}`,
    },
    /** An open amount in the reseller's price table: the cost and selling price are added to it. */
    plusAmount: (item: string) => `${item} (amount +)`,
    roundedUp: (markup: string, round: string) => `${markup}, rounded up to ${round}`,
    perUnits: (markup: string, units: string) => `${markup}, listed per ${units}`,
    ruleFor: "For",
    ruleMarkup: "Markup",
    noRules: "No selling-price rules yet: `reseller prices set --markup 10%` sets one for every item.",
    ruleSet: (scope: string, markup: string) => `Selling price for ${scope}: cost ${markup}.`,
    ruleRemoved: (scope: string) => `Removed the selling-price rule for ${scope}.`,
    noSuchRule: (scope: string) => `There is no selling-price rule for ${scope}.`,
    seeRules: "See the rules with `reseller prices rules`.",
    nothingInScope: (scope: string, checked: string) =>
      `No item in the catalogue is in ${scope} (as checked ${checked}); see \`reseller items\` for the names.`,
    oneScope: (flags: string) => `A rule is for one thing: give only one of ${flags}.`,
    oneScopeHint: "Set one rule for each: the most specific one wins (item, then product, then category).",
    /** `report`: the day's books. */
    report: {
      sinceForm: (text: string) =>
        `--since takes today, yesterday, 7d, 30d, this week, this month or a date like 2026-11-01, not "${text}".`,
      untilForm: (text: string) => `--until takes a date like 2026-11-30 (the whole day is in), not "${text}".`,
      untilBefore: (until: string, since: string) => `--until ${until} is before --since ${since}.`,
      books: "Books",
      opening: "Opening balance",
      closing: "Closing balance",
      doesNotReconcile: (moved: string, books: string, unaccounted: string) =>
        `The balance moved ${moved} from opening to closing; the books account for ${books} (top-ups paid less spent): ${unaccounted} is not in these books (orders from elsewhere, refunds of earlier orders, or outcomes not yet known: \`reseller report --refresh\`).`,
      noBalances: (why: string) =>
        `The opening and closing balance could not be had from the balance history (${why}).`,
      range: (first: string, last: string) => `${first} to ${last}`,
      orders: "Orders",
      spent: "Spent",
      refunded: "Refunded",
      revenue: "Revenue",
      profit: "Profit",
      topUps: "Top-ups",
      topUpsLine: (paid: string, count: number, amount: string) => `${paid} paid (${count} requested, ${amount})`,
      counts: {
        delivered: (n: number) => `${n} delivered`,
        bought: (n: number) => `${n} not delivered yet`,
        partial: (n: number) => `${n} partly delivered`,
        delivery_failed: (n: number) => `${n} failed`,
        refused: (n: number) => `${n} refused`,
        unknown: (n: number) => `${n} unknown`,
      },
      groups: { day: "Day", hour: "Hour", product: "Product", category: "Category", customer: "Customer" },
      by: {
        day: "By day",
        hour: "By hour",
        product: "By product",
        category: "By category",
        customer: "By customer",
      },
      /** The chart's heading: the profit once selling prices are known, else what was spent. */
      profitPer: { hour: "Profit per hour", day: "Profit per day" },
      spentPer: { hour: "Spent per hour", day: "Spent per day" },
      unknownApart: (n: number) =>
        `${n} unknown outcome${n === 1 ? " is" : "s are"} counted apart, neither spent nor not: run \`reseller reconcile\` or \`reseller report --refresh\`.`,
      unpriced: (n: number) =>
        `${n} order${n === 1 ? " was" : "s were"} sold without a selling price: the revenue and profit leave ${n === 1 ? "it" : "them"} out (\`reseller prices set\`).`,
    },
  },
  /** `balance history`'s own words; --json and piped rows keep the service's. */
  balanceHistory: {
    type: "Type",
    before: "Before",
    after: "After",
    description: "Description",
    other: "Other",
    noneYet: "No balance changes yet.",
    noneOnPage: (page: number) => `No balance changes on page ${page}.`,
    /** A movement's type (the service's `type`) on a screen: in English as the service wrote it. */
    typeWord: (type: string) => type,
  },
  /** `leaderboard` and `leaderboard me`. */
  leaderboard: {
    rank: "Rank",
    reseller: "Reseller",
    transactions: "Transactions",
    transactionsShort: "Trx",
    points: "Points",
    notRanked: "not ranked yet",
    nobody: "Nobody is on the leaderboard yet this month.",
  },
  /** Following a delivery, `buy --wait` and `trx show --watch` (src/orders/delivery.ts): the spinner and the lines about the wait. */
  waiting: {
    spinner: "Waiting for delivery…",
    progress: (line: string, elapsed: string) => `Waiting for delivery: ${line} (${elapsed})`,
    notVisibleYet: "not visible yet",
    noStatusYet: "no status yet",
    unknownStatus: (text: string) => `status "${text}" (not one reseller knows; still waiting)`,
    h2hDispatched: (done: number, wanted: number) => `h2h ${done}/${wanted} dispatched`,
    smmPending: "pending",
    couldNotRead: (code: string) => `Could not read the transaction just now (${code}); still waiting.`,
    /** `status paid`, or an unknown status said as such, or none given. */
    statusIs: (text: string) => ` ${text}`,
    statusNotKnown: (text: string) => ` "${text}", a status reseller does not know,`,
    statusNotGiven: " not given",
    stillNotDelivered: (after: string, status: string, ref: string) =>
      `Still not delivered after ${after} (status${status}); the purchase stands. Keep watching: reseller trx show ${ref} --watch`,
    stoppedWatching: (ref: string) => `Stopped watching ${ref}; nothing changed.`,
    resumeWatching: (ref: string) => `Resume with \`reseller trx show ${ref} --watch\`.`,
    stoppedWaiting: (invoice: string, refId: string) =>
      `Stopped waiting; the purchase stands (${invoice ? `invoice ${invoice}, ` : ""}ref_id ${refId}).`,
    followIt: (ref: string) => `Follow it with \`reseller trx show ${ref} --watch\`.`,
  },
  /** `pending`'s words (src/commands/pending.ts); piped rows and --json keep the contract's. */
  pending: {
    followOrOnce: "--follow and --once do not go together: --follow keeps going, --once makes one pass.",
    handOnNeedsFollow: "--receipts and --exec hand on orders as they end: they need --follow or --once.",
    handOnNeedsFollowHint: "Try `reseller pending --follow --receipts receipts.txt`, or --once from cron.",
    nothing: "Nothing pending: every order's outcome is known and final.",
    endedNotHanded: (n: number) =>
      `${n} order${n === 1 ? "" : "s"} ended since first seen and ${n === 1 ? "is" : "are"} waiting to be handed on: \`reseller pending --once\` or --follow prints ${n === 1 ? "it" : "them"}, with --receipts and --exec.`,
    following: (n: number, first: number, longest: number) =>
      `Following ${n} order${n === 1 ? "" : "s"} not final; asking again after ${first} s, growing to ${longest} s while nothing changes. Ctrl-C stops.`,
    allEnded: "Every order followed has ended.",
    stillPending: (bought: number, unknown: number, notHanded: number) =>
      `${[
        bought ? `${bought} order${bought === 1 ? "" : "s"} not delivered yet` : "",
        unknown ? `${unknown} outcome${unknown === 1 ? "" : "s"} still unknown` : "",
        notHanded ? `${notHanded} ended order${notHanded === 1 ? "" : "s"} not handed on yet` : "",
      ]
        .filter(Boolean)
        .join("; ")}.`,
    bought: "Bought",
    /** The time column's header when room is short: `At (WIB)`. */
    boughtShort: "At",
    waited: "Waited",
    afterWaiting: (duration: string) => `after ${duration}`,
    receiptNotAppended: (refId: string, file: string, why: string) =>
      `The receipt of ${refId} was not appended to ${file}: ${why}`,
    commandFailed: (refId: string, why: string, wait: string) =>
      `The command for ${refId} did not succeed (${why}); trying again in ${wait}.`,
    notHandedOffline: (n: number) =>
      `${n} ended order${n === 1 ? "" : "s"} not handed on this time (the service could not be reached); the next pass hands ${n === 1 ? "it" : "them"} on.`,
  },
  /** What a refresh of the books says of the orders it could not bring up to date (src/orders/ledger.ts). */
  ledger: {
    unreachable: (n: number) =>
      `${n} order${n === 1 ? "" : "s"} not final could not be brought up to date (the service could not be reached); shown as last recorded.`,
    refused: (n: number) =>
      `${n} order${n === 1 ? "" : "s"} not final could not be brought up to date (the API key was not accepted); shown as last recorded.`,
    tooMany: (n: number) =>
      `${n} order${n === 1 ? "" : "s"} not final not brought up to date this time (too many at once, or no answer); run it again.`,
  },
  /** `history`'s own words (src/commands/history.ts); piped columns and --json keep the journal's. */
  history: {
    nothingUnresolved: "Nothing unresolved: every request's outcome is known.",
    noneYet: (profile: string, anyAddress: boolean) =>
      `No money-moving requests recorded yet for profile "${profile}"${anyAddress ? "" : " at this service address"}.`,
    noCharge: "no charge",
    /** A top-up whose payment link was given: the journal's `link created`, until it is paid. */
    linkCreated: "link created",
    what: {
      purchase: "purchase",
      cart: "cart",
      "sandbox order": "sandbox order",
      "stock lock": "stock lock",
      "top-up": "top-up",
    },
    topUpBy: (channel: string) => `top-up ${channel}`,
    itemId: (id: string) => `item ${id}`,
    /** The mark of an alternative's row: the ref_id of the order it was bought instead of. */
    insteadOf: (refId: string) => `↳ instead of ${refId}`,
    otherService: (address: string) => `other: ${address}`,
    thisService: "this one",
    otherProfiles: (n: number) => `(${n} entr${n === 1 ? "y" : "ies"} of other profiles not shown; use --profile.)`,
    otherAddresses: (n: number) =>
      `(${n} entr${n === 1 ? "y" : "ies"} for another service address hidden; --all-services.)`,
    unknownOutcomes: (n: number) =>
      `${n} unknown outcome${n === 1 ? "" : "s"}: run \`reseller reconcile\` or \`history --refresh\`.`,
    notKnownDelivered: (n: number) =>
      `${n} purchase${n === 1 ? "" : "s"} not known delivered yet: run \`reseller history --refresh\`.`,
    /** Both at once, in one note: two notes of doubt one under the other read as one doubt counted twice. */
    unknownAndNotKnownDelivered: (unknown: number, bought: number) =>
      `${unknown} unknown outcome${unknown === 1 ? "" : "s"}, ${bought} not known delivered yet: run \`reseller reconcile\`, then \`history --refresh\`.`,
    since: (text: string) => `--since takes a date like 2026-11-01 (or a full timestamp), not "${text}".`,
  },
  /** A bulk run's lines on a terminal (src/commands/buy/bulk.ts); its JSON lines and piped rows keep the contract's words. */
  /** Reading orders: amounts, quantities, order files and the checks of a line. */
  orders: {
    /** Why a typed amount is not one (src/rules/amount.ts): it completes "… is not an amount of Rupiah: …". */
    amount: {
      notWhole: "it is not a whole number of Rupiah",
      noNumber: "there is no number in it",
      notUnit: (unit: string) => `"${unit}" is not a Rupiah unit (rb, ribu, k, jt, juta, miliar)`,
      twoReadings: (suffix: string, asGroups: string, asDecimal: string) =>
        `with "${suffix}" it could mean ${asGroups} or ${asDecimal}`,
      noCents: "Rupiah are whole numbers, without cents",
      separatorMisplaced: "the separator is not between groups of three digits",
      decimalWithoutUnit: "it has a decimal part but no unit (rb, jt)",
      notWholeRupiah: (decimal: string) => `it comes to ${decimal} Rupiah, not a whole number`,
      separatorsMisplaced: "the separators are not between groups of three digits",
      notANumber: "it is not a number",
      tooLarge: "it is too large",
      /** The forms an amount may take, for hints: said the same way everywhere. */
      forms: "75000, 75.000, Rp 75.000, 75rb or 1,5jt",
      notAmountOfRupiah: (name: string, shown: string, why: string) =>
        `${name} "${shown}" is not an amount of Rupiah: ${why}.`,
      writeIt: (forms: string) => `Write it as ${forms}.`,
      reading: (amount: string, digits: number) => `${amount} (${digits})`,
      moreThanZero: (name: string) => `${name} must be more than Rp 0.`,
      /** A prompt's refusal of a typed amount; the readings it could be, when there are some. */
      notAnAmount: (why: string, readings: string) => `Not an amount: ${why}${readings ? ` (${readings}?)` : ""}`,
    },
    /** The contract's input rules (src/rules/input.ts, src/rules/markup.ts). */
    input: {
      positiveWhole: (name: string, text: string) => `${name} must be a positive whole number, not "${text}".`,
      atMostSeconds: (name: string, max: number, text: string) =>
        `${name} must be at most ${max} seconds (24 days), not "${text}".`,
      writeQuantity: "Write it as 1000 or 1.000.",
      topUpAtLeast: (minimum: string, amount: string) => `--amount must be at least ${minimum}; ${amount} is less.`,
      duration: (text: string) => `--duration must be whole seconds from 60 to 600, not "${text}".`,
      refIdSpaces: (name: string) => `${name} must not be empty or start or end with spaces.`,
      tooLong: (name: string, max: number, length: number) =>
        `${name} must be at most ${max} characters; this one has ${length}.`,
      controlCharacters: (name: string) => `${name} must not contain control characters.`,
      notEmpty: (name: string) => `${name} must not be empty.`,
      smmJson: 'An SMM note must be JSON, e.g. {"target":"https://instagram.com/p/…","opt_smm":[]}.',
      smmJsonHint: "Use --target (and --opt, --comment) and reseller builds the note for you.",
      smmTarget: 'An SMM note needs a non-empty "target".',
      smmOptions: '"opt_smm" in an SMM note must be a list of strings.',
      smmComment: '"comment_smm" in an SMM note must be text.',
      oneOf: (name: string, choices: string, last: string, value: string) =>
        `${name} must be ${choices} or ${last}, not "${value}".`,
      markupRange: (text: string) => `--markup ${text} must be more than 0% and at most 1000%.`,
      notPercentage: (text: string) => `--markup "${text}" is not a percentage.`,
      markupHint: "Write it as 10% or 7,5%, or an amount of Rupiah: 1500, 1.500, 1,5rb.",
    },
    /** An orders file (src/orders/orders-file.ts) and a cart file (src/orders/cart-file.ts), each line named. */
    file: {
      /** `shop.csv line 2`: where a row is, as an editor shows it. */
      place: (file: string, line: number) => `${file} line ${line}`,
      /** A problem's place when its message names none. */
      line: (line: number) => `line ${line}`,
      cartPlace: (line: number) => `cart line ${line}`,
      csvUnreadable: (why: string) => `The CSV file cannot be read: ${why}`,
      unknownColumn: (where: string, column: string) =>
        `${where}unknown column "${column}" (columns: item_id, quantity, note, target, opt, comment, ref_id, nominal, zone_id).`,
      mustBeNumber: (what: string) => `${what} must be a number.`,
      mustBeText: (what: string) => `${what} must be text.`,
      optList: (where: string) => `${where}opt must be a list of strings (in CSV: separated by |).`,
      missing: (what: string) => `${what} is missing.`,
      missingOrNotNumber: (what: string) => `${what} is missing or not a number.`,
      problems: (rows: number) =>
        `${rows} row${rows === 1 ? "" : "s"} need${rows === 1 ? "s" : ""} fixing; nothing was sent:`,
      /** A single buy's hints in the file's own terms: `For example: --note 0812…` is `the note column, e.g. 0812…`. */
      forExample: "for example:",
      column: (name: string) => `the ${name} column`,
      columnExample: (name: string, value: string) => `the ${name} column, e.g. ${value}`,
      notJson: (where: string, why: string) => `${where}not JSON (${why}).`,
      jsonObject: (where: string) => `${where}each line must be a JSON object {item_id, quantity, note, …}.`,
      empty: (file: string) => `${file} is empty.`,
      tooManyFields: (where: string, fields: number, header: number) =>
        `${where}${fields} fields but the header has ${header} (quote a note that contains commas).`,
      noOrders: (file: string) => `${file} has no orders.`,
      noteText: (where: string) => `${where}note must be text (or, for an SMM item, a JSON object with a target).`,
      cartNotJson: (why: string) => `The cart is not JSON: ${why}`,
      cartExample:
        'A cart is a JSON array, e.g. [{"item_id":12,"quantity":1,"note":"081234567890"},{"item_id":3,"quantity":1}]',
      cartNotArray: "The cart must be a non-empty JSON array of {item_id, quantity, note}.",
      cartLineObject: (where: string) => `${where}each line must be an object {item_id, quantity, note}.`,
      cartUnknownField: (where: string, fields: string) =>
        `${where}unknown field ${fields} (a line has item_id, quantity and note; an open amount also nominal and zone_id).`,
    },
    /** One order line checked against its item (src/orders/check-line.ts); `where` names the line ("" for flags). */
    line: {
      and: " and ",
      amountOnce: (item: string) =>
        `give the amount of ${item} once: a JSON note with provider_qty, or the target as the note with a nominal.`,
      noteNotJson: (item: string) =>
        `the note of ${item} is not JSON; give the target alone as the note with a nominal, or a JSON note {"target", "provider_qty", "zone_id"}.`,
      jsonNoteObject: (item: string) =>
        `the JSON note of ${item} must be an object {"target", "provider_qty", "zone_id"}.`,
      jsonNoteKeys: (item: string, keys: string) =>
        `the JSON note of ${item} has ${keys}; it takes target, provider_qty and zone_id.`,
      providerQtyNotAmount: (item: string, value: string) =>
        `provider_qty in the note of ${item} must be an amount, not ${value}.`,
      providerQtyIn: (item: string) => `provider_qty in the note of ${item}:`,
      fromTo: (min: string, max: string) => `from ${min} to ${max}`,
      atLeast: (min: string) => `at least ${min}`,
      atMost: (max: string) => `at most ${max}`,
      anyAmount: "any amount",
      inSteps: (bounds: string, step: string) => `${bounds} in steps of ${step}`,
      amountProblem: (amount: string, problem: string, range: string) => `${amount} ${problem}: ${range}`,
      notPositive: "must be a positive whole number",
      belowMinimum: "is below the minimum",
      aboveMaximum: "is above the maximum",
      notMultiple: (step: string) => `is not a multiple of ${step}`,
      openAmountMissing: (item: string, fields: string) => `${item} is an open amount and is missing ${fields}.`,
      openAmountExample: (range: string, nominal: string) =>
        `The note is the target and --nominal the amount (${range}); for example: --note 081234567890 --nominal ${nominal}.`,
      outOfRange: (label: string, item: string, problem: string, range: string, amount: string) =>
        `the ${label} of ${item} ${problem}: it must be ${range}; got ${amount}.`,
      nearest: (amounts: string) => `The nearest allowed: ${amounts}.`,
      twoZones: (note: string, given: string, zone: string) =>
        `the note "${note}" gives zone ${given}, and the zone id says ${zone}.`,
      zoneOnce: (id: string) => `Give the zone once: --note ${id} --zone-id ZONE, or --note ${id}(ZONE).`,
      nulByte: (name: string) => `the ${name} holds a NUL byte (\\0); customer data never does.`,
      nulByteHint: "Check how the file or the value was made.",
      tooBig: (name: string, kb: number, max: number) => `the ${name} is ${kb} KB; at most ${max} KB is sent.`,
      minimumOrder: (item: string, minimum: number, quantity: number) =>
        `the minimum order of ${item} is ${minimum}; got ${quantity}.`,
      buyAtLeast: (minimum: number) => `Buy at least ${minimum}.`,
      fixedPrice: (item: string, nominal: boolean) =>
        `${item} has a fixed price, so it takes no ${nominal ? "nominal" : "zone id"}: that is for open-amount items.`,
      byQuantity: "Buy it by quantity.",
      zoneInNote: (id: number) =>
        `Write the zone in the note, as the item's description says (\`reseller item ${id}\`).`,
      noteOrTarget: "give either a note (the SMM JSON) or a target, not both.",
      optNeedsTarget: "opt and comment need a target: the SMM note must name one.",
      smmNeedsTarget: (item: string) => `${item} is SMM: give a target (or a JSON note with one).`,
      targetExample: "For example: --target https://instagram.com/tokoku",
      notSmm: (item: string, process: string) =>
        `target, opt and comment are for SMM items; ${item} is ${process || "not SMM"}.`,
      customerAsNote: "Give the customer data as the note.",
      destination: (item: string, what: string) => `${item} is h2h: the note must give the destination (${what}).`,
      phoneOrUserId: "a phone number or game user id",
      noteExample: "For example: --note 081234567890",
      missingFields: (item: string, fields: string) => `${item} is missing ${fields}.`,
    },
    /** Before paying: the customer's account, number and region, the stock and the balance. */
    checks: {
      zone: (id: string) => `zone ${id}`,
      checkNotOffered: (item: string) =>
        `The service does not offer an account check for ${item}; nothing was checked.`,
      checkNotOfferedHint: 'Only items whose `reseller item <id>` says "Account check: offered" can be checked.',
      checkNotOfferedShort: (item: string) => `The service does not offer an account check for ${item}.`,
      noAccount: (account: string, item: string) => `There is no account ${account} for ${item}.`,
      noAccountHint: "Check the id (and zone) with the customer.",
      zoneNeeded: (item: string) =>
        `The account check of ${item} needs the zone with the user id, and the note gives none; nothing was bought.`,
      zoneNeededHint: (inNote: string) => `Add --zone-id ZONE${inNote}, or buy without the check with --no-validate.`,
      zoneInNote: (id: string, example: string) => ` (or write the note as ${id}(ZONE), e.g. --note ${example}(1234))`,
      zoneTooName: (name: string) => `The account check of ${name} needs the zone too, e.g. --zone-id 1234.`,
      zoneQuestion: (name: string) => `Zone ID for ${name} (the account check needs it)`,
      zoneLabel: "Zone ID",
      noZone: (item: string) =>
        `the note gives no zone, and the account check of ${item} needs one (write it as ID(ZONE))`,
      checkFailed: (why: string) => `the account check failed: ${why}`,
      fileZoneNeeded: (place: string, item: string) =>
        `${place}: the account check of ${item} needs the zone with the user id, and the note column gives none.`,
      fileZoneNeededHint:
        "Write the note as USERID(ZONE), e.g. 12345678(1234), or buy without the check with --no-validate.",
      otherOperator: (number: string, found: string, item: string, wanted: string) =>
        `${number} is ${/^[AEIOUX]/.test(found) ? "an" : "a"} ${found} number, and ${item} is for ${wanted}.`,
      otherRegion: (customer: string, name: string, region: string, item: string, wanted: string) =>
        `The account ${customer} is ${name}${region ? ` in ${region}` : ""}, and ${item} is for ${wanted}.`,
      doubtHint: "Check it with the customer; if it is right, buy again with --no-check.",
      nothingBought: (message: string) => `${message} Nothing was bought.`,
      soldOut: (item: string) => `${item} is sold out; nothing was bought.`,
      fewLeft: (item: string, stock: number, quantity: number) =>
        `${item} has only ${stock} left, fewer than the ${quantity} asked for; nothing was bought.`,
      soldOutHint: (search: string) => `Look for another item with ${search}, or try again when the seller restocks.`,
      fewLeftHint: (stock: number, search: string) => `Buy ${stock} or fewer, or look for another item with ${search}.`,
      shortBalance: (balance: string, shortfall: string, total: string) =>
        `Your balance of ${balance} is ${shortfall} short of this purchase of ${total}; nothing was bought.`,
      topUpThenBuy: (amount: number, refId: string) =>
        `Top up with \`reseller topup --amount ${amount}\`, then buy again${refId ? ` with --ref-id ${refId}` : ""}.`,
    },
    /** Buying: a single buy, a cart, a bulk run's own refusals and the purchase's answers explained. */
    buying: {
      noItem: (id: number) => `No active item has id ${id}.`,
      noItemHint: "Check the id in your seller's catalogue; an item the seller withdrew reads as not found too.",
      noItems: "Check the ids in your seller's catalogue (`reseller items`); nothing was sent.",
      refIdTwice: (place: string, refId: string, earlier: string) =>
        `${place}: ref_id ${refId} is also used by ${earlier}.`,
      cannotReadCart: (source: string, why: string) =>
        `Cannot read the cart ${source === "-" ? "from stdin" : `file ${source}`}: ${why}`,
      cartLockMismatch: (token: string, itemId: number, quantity: number, locked: number) =>
        `The lock ${token} holds item ${itemId} × ${quantity}; the cart buys it × ${locked}.`,
      fileTakesAll: (flags: string) => `--file takes every order from the file; leave out ${flags}.`,
      cartTakesAll: (flags: string) => `--cart takes every line from the file; leave out ${flags}.`,
      concurrencyAtMost: (max: number) => `--concurrency must be at most ${max}.`,
      skipOrAgain: "--skip-bought and --again answer the same question; give one.",
      receiptsFile: "--file writes its receipts to a file: give --receipts FILE instead of --receipt.",
      goesWithFile: (flag: string) => `${flag} goes with --file (many orders).`,
      goesWith: (flag: string, other: string) => `${flag} goes with ${other}.`,
      nothingBought: "Nothing bought.",
      followIt: (refId: string, table: boolean) =>
        `Follow it: reseller trx show ${refId}${table ? "   (add --watch to wait for delivery)" : ""}`,
      recovered:
        "The service's answer was lost, but the purchase had gone through on an earlier attempt: this is that transaction, not a second one.",
      couldNotFollow: (why: string, refId: string) =>
        `Could not follow the delivery (${why}); the purchase stands. Follow it: reseller trx show ${refId} --watch`,
      sameOrder: (when: string, order: string, customers: string, named: string) =>
        `The same order was bought ${when}: ${order}${customers ? ` for ${customers}` : ""} (${named}).`,
      sameOrderHint: (hours: number) =>
        `If the customer wants it twice, buy again with --again (repeat window ${hours} h: --repeat-window or repeat_window).`,
      buyAgain: "Buy it again?",
      sameOrderNotFound: (when: string, order: string, customers: string, refId: string) =>
        `The same order was sent ${when}: ${order}${customers ? ` for ${customers}` : ""} (ref_id ${refId}). The service did not have it when asked, but may have bought it since.`,
      /** The safe ways on from a purchase not found when asked; with `hours` when refused, and the way past the refusal. */
      notFoundSafeWay: (refId: string, hours?: number) =>
        `Send it again with the same ref_id, which the service buys only once (the same buy with --ref-id ${refId}), or look first: reseller trx show ${refId}${hours === undefined ? "" : `. To buy it under a new ref_id anyway: --again (repeat window ${hours} h).`}`,
      noAccountBought: (account: string, item: string) =>
        `There is no account ${account} for ${item}; nothing was bought.`,
      noAccountBoughtHint: "Check the id (and zone) with the customer, or buy anyway with --no-validate.",
      accountFor: (name: string, account: string) => `Account for ${name}: ${account}.`,
      notChecked: (reason: string) => `The customer's account was not checked: ${reason}.`,
      notFoundCell: (customer: string, zone: string) =>
        `NOT FOUND: no account ${customer}${zone ? ` (zone ${zone})` : ""}`,
      notCheckedCell: (reason: string) => `not checked: ${reason}`,
      toNobody: (message: string) => `${message} Buying would send the top-up to nobody.`,
      checkBeforeBuying: (message: string) => `${message} Check it with the customer before buying.`,
      confirm: "Buy?",
      /** The lines above "Buy?". */
      item: "Item",
      itemIs: (name: string, id: number, process: string) => `${name} (#${id}, ${process || "item"})`,
      nominal: "Nominal",
      nominalPlus: (nominal: string, price: string) => `${nominal} + price ${price}`,
      quantity: "Quantity",
      note: "Note",
      account: "Account",
      total: "Total",
      balanceAfter: "Balance after",
      balanceNow: (after: string, now: string) => `${after} (now ${now})`,
      lock: "Lock",
      /** Questions of a single buy on a terminal. */
      typeWholeNumber: "Type a positive whole number",
      atLeast: (min: number) => `At least ${min}`,
      required: "Required",
      itemId: "Item id",
      itemAt: (name: string, price: string, minimum: number) => `${name}: ${price} each, minimum order ${minimum}.`,
      targetLabel: "Target (link or username)",
      destinationLabel: "Destination (phone number or game user id)",
      fieldFor: (label: string, name: string) => `${label} for ${name}`,
      fieldForRange: (label: string, name: string, range: string) => `${label} for ${name} (${range})`,
      example: (flag: string, value: string) => `For example: ${flag} ${value}`,
      noLock: (token: string) =>
        `No active lock of yours has the token ${token}: it may have expired, been released or used.`,
      noLockHint: "See your active locks with `reseller lock list`, or lock again with `reseller lock add`.",
      lockMismatch: (token: string, lockItem: number, lockQuantity: number, item: number, quantity: number) =>
        `The lock ${token} holds item ${lockItem} × ${lockQuantity}, not item ${item} × ${quantity}.`,
      lockMismatchHint: (token: string) =>
        `Leave out --item and --qty and reseller uses the lock's own: reseller buy --lock ${token}`,
      /** A purchase's answer that proves nothing, and what a look-up by its ref_id found. */
      notARefusal: (status: number, code: string) =>
        `the service answered HTTP ${status} (${code}), which is not one of its refusals`,
      unreadable: (status: number, answered: boolean) =>
        `the service answered HTTP ${status} with ${answered ? "a success it could not read" : "a page that is not its JSON"}`,
      unproven: (status: number, otherRef: string) =>
        `the service answered HTTP ${status} but its answer ${otherRef ? `names another ref_id (${otherRef})` : "names no invoice"}`,
      answeredWithoutCode: (status: string, message: string) =>
        `The service answered${status ? ` HTTP ${status}` : ""} ("${message}") without a refusal code.`,
      anotherOrder: (said: string, refId: string, holds: string) =>
        `${said} Looked up, a transaction with ref_id ${refId} exists but is not this order (${holds}), so nothing was charged for this one.`,
      noPurchase: (said: string, refId: string) =>
        `${said} Looked up, the service has no purchase with ref_id ${refId}, so nothing was charged.`,
      seeThatTransaction: (refId: string) =>
        `See that transaction with \`reseller trx show ${refId}\`; buy this order with another --ref-id.`,
      anItem: "an item",
      itemNumber: (id: number) => `item ${id}`,
      cannotCover: (total: string) => `Your balance cannot cover this purchase of ${total}.`,
      cannotCoverOf: (balance: string, total: string) =>
        `Your balance of ${balance} cannot cover this purchase of ${total}.`,
      topUpFirst: (amount: string, refId: string) =>
        `Top up with \`reseller topup${amount ? ` --amount ${amount}` : ""}\`, then buy again with --ref-id ${refId}.`,
      refIdUsed: (refId: string, here: boolean) =>
        `The ref_id ${refId} was used before${here ? " by an earlier purchase from this machine (see `reseller history`)" : ""}; nothing new was bought.`,
      refIdUsedHint: (refId: string) =>
        `See that purchase with \`reseller trx show ${refId}\`, or choose another --ref-id.`,
      fieldsMissing: (fields: string) => `The service refused the order: it is missing ${fields}; nothing was bought.`,
      fieldMissing:
        "The service refused the order: a field the item requires is missing (the service did not say which); nothing was bought.",
      seeItem: (commands: string) => `See what the item needs with ${commands}.`,
      ofLine: (line: number) => ` of line ${line}`,
      /** A bulk row's problem as its JSON line and the table say it. */
      notStarted: "not started: interrupted (Ctrl-C); nothing charged",
      notSent: (message: string) => `${message}; not sent, nothing charged`,
      notDeliveredWithin: (seconds: number, refId: string) =>
        `not delivered within ${seconds} s; follow it with \`reseller trx show ${refId} --watch\``,
      stoppedWaiting: (code: string) => `stopped waiting for delivery (${code}); the purchase stands`,
    },
    /** A transaction's delivery as `trx show` and `buy --wait` say it (src/output/transaction.ts). */
    delivery: {
      priceAndFees: (amount: string, price: string, fees: string) => `${amount} (price ${price} + fees ${fees})`,
      nothingYet: (status: string, ref: string) =>
        `Nothing to hand over yet (status ${status}). Wait for it: reseller trx show ${ref} --watch`,
      statusNotGiven: "not given",
      refundByHand: (item: string) =>
        `${item}: part of this SMM order is to be refunded by hand; the refund is pending.`,
      notDelivered: "not delivered (see H2H results)",
      smmRefunded: (amount: string) => `, ${amount} refunded`,
      smmRemainsRefunded: (remains: number) => ` (${remains} not delivered, refunded)`,
      smmOrder: (order: string, status: string, delivered: string, refund: string) =>
        `SMM order ${order}: ${status}${delivered ? `, ${delivered} delivered` : ""}${refund}`,
      lineFor: (line: number, customer: string) => `line ${line}${customer ? ` for ${customer}` : ""}`,
      lineNotDelivered: (whose: string) => `${whose} not delivered`,
      lineDelivered: (whose: string, delivered: string, ordered: string) =>
        `${whose} delivered ${delivered} of ${ordered}`,
      refunded: (amount: string) => `${amount} refunded`,
      restRefunded: "the rest refunded",
      partOfIt: "part of it",
      partly: (refund: string, lines: string) => `Partly delivered: ${lines}; ${refund}.`,
      partlyHint: "Hand over what was delivered; buy the rest again with a new ref_id if the customer still wants it.",
      itemFor: (item: string, customer: string) => `${item}${customer ? ` for ${customer}` : ""}`,
      smmFailed: (item: string, order: string, status: string) => `${item} (SMM order ${order} ${status})`,
      orderIs: (status: string) => `the order is ${status}`,
      failed: (what: string, note: string, refund: string) =>
        `Delivery failed: ${what}${note ? ` ${note}` : ""}${refund ? `; ${refund} refunded` : ""}.`,
      failedHint: "Check the customer data, then buy again with a new ref_id (this one is used).",
    },
    /** A request to the service recorded in the journal (src/journal/*): what a person reads when its outcome is in doubt. */
    journal: {
      /** What was sent, as the journal's callers name it. */
      nouns: {
        purchase: "purchase",
        "lock request": "lock request",
        "sandbox order": "sandbox order",
        "top-up request": "top-up request",
      } as Record<string, string>,
      settle: (refId: string) =>
        `Run \`reseller reconcile\` (or \`reseller trx show ${refId}\`) to settle it; do not buy again with a new ref_id.`,
      settleNoRef: "Run `reseller reconcile` to settle it.",
      cannotWrite: (path: string, why: string) => `Cannot write the journal at ${path}: ${why}; nothing was sent.`,
      cannotWriteHint:
        "Free some disk space or fix the permissions of the config dir (`reseller config path`), then try again.",
      cannotOpen: (path: string, why: string) => `Cannot open the records at ${path}: ${why}.`,
      busyHint: (seconds: number) =>
        `Another reseller process has held the records for over ${seconds} s (importing an earlier release's files, or stuck): try again once it has finished.`,
      damagedHint: (path: string) =>
        `The file is damaged. It holds what was bought, so keep it: move it aside (\`mv ${path} ${path}.damaged\`) and put back a backup, or let reseller start a new one; what was bought stays on the service (\`reseller trx list\`).`,
      readOnlyHint: (dir: string) =>
        `Make ${dir} and the records in it writable for you again (a read-only disk, a file of another user), then try again.`,
      notRecordedNotSent: (path: string, why: string, noun: string) =>
        `Could not write the journal at ${path}: ${why}; it shows this ${noun} as started, though nothing was sent (\`reseller reconcile\` settles it).`,
      notRecorded: (path: string, why: string, noun: string, refId: string) =>
        `Could not write the journal at ${path}: ${why}; what happened to this ${noun} is not recorded on this machine${refId ? `: keep its ref_id ${refId}` : ""}.`,
      interrupted: (noun: string, refId: string) =>
        `Interrupted while the ${noun} was in flight: its outcome is unknown${refId ? ` (ref_id ${refId})` : ""}.`,
      interruptedHint: (refId: string) =>
        `Run \`reseller reconcile\`${refId ? ` or \`reseller trx show ${refId}\`` : ""} to settle it; nothing is lost.`,
      cannotReadBack: (noun: string) =>
        `The ${noun} went through on an earlier attempt, but reseller could not read it back.`,
      noAnswer: (noun: string, attempts: number, last: string) =>
        `The ${noun} was sent but no answer came after ${attempts} attempt${attempts === 1 ? "" : "s"} (${last}); it may or may not have gone through.`,
      lastSaid: (code: string, status: number) => `the last said ${code}, HTTP ${status}`,
      lastNetwork: (words: string) => `the last: ${words}`,
      lastNotJson: (status: string) => `the last answer was not the service's JSON${status ? `, HTTP ${status}` : ""}`,
      cannotRead: (path: string, why: string) => `Cannot read the journal at ${path}: ${why}.`,
      cannotReadHint:
        "Make it a readable file of yours again (`reseller config path` shows the dir); it is the record of what was bought.",
    },
    /** `reseller reconcile` (src/commands/reconcile.ts): what each answer means; piped rows keep the English. */
    reconcile: {
      bought: (invoice: string, refId: string) => `bought${invoice ? `: invoice ${invoice}` : ` (ref_id ${refId})`}`,
      notBought: (refId: string) => `not bought; safe to buy again with the same ref_id (--ref-id ${refId})`,
      sandboxAgain: "sandbox order sent again (it moves no money)",
      sandboxThrough: "the sandbox order had gone through",
      lockHeld: (token: string) => `lock held: ${token}`,
      noLock: "no lock held (any lock it made has expired)",
      topUp: "nothing charged; request a new link with `reseller topup` if needed",
      stillUnknown: (code: string) => `still unknown: ${code}`,
      unknownKind: "unknown kind",
      elsewhere: (n: number) =>
        `${n} unresolved entr${n === 1 ? "y was" : "ies were"} sent to another service address; reconcile with that --base-url to settle ${n === 1 ? "it" : "them"}.`,
      nothing: "Nothing to reconcile: every request's outcome is known.",
      time: "Time",
      kind: "Kind",
      answer: "Answer",
      /** On a terminal each row's answer is a word, and what each word means is said once under the table. */
      answersMean: "What the answers mean",
      answers: {
        found: "found",
        notFound: "not found",
        sentAgain: "sent again",
        goneThrough: "gone through",
        lockHeld: "lock held",
        noLock: "no lock",
        noCharge: "no charge",
        noAnswer: "no answer",
        unknownKind: "unknown kind",
      },
      means: {
        found: "the service has the purchase, under the invoice shown: it was bought; nothing to do.",
        notFound:
          "the service has no such purchase: nothing was bought. Safe to buy again with the same ref_id (--ref-id and the row's Ref ID).",
        sentAgain: "the sandbox order was sent again (sandbox orders move no money).",
        goneThrough: "the sandbox order had gone through.",
        lockHeld: "the stock lock is held; its token is the row's Ref ID.",
        noLock: "no lock is held (any lock it made has expired).",
        noCharge: "a top-up link charges nothing until paid; request a new link with `reseller topup` if needed.",
        noAnswer: (codes: string) =>
          `the service did not answer (${codes}): the outcome is still unknown; never buy again with a new ref_id.`,
        unknownKind: "a kind of request this version of reseller cannot ask about.",
      },
      /** The journal's kinds of request as people name them; piped rows keep the journal's word. */
      kinds: { buy: "buy", sandbox: "sandbox", lock: "lock", topup: "topup" } as Record<string, string>,
      settled: (settled: number, all: number, unknown: number) =>
        `Settled ${settled} of ${all}.${unknown ? ` ${unknown} still unknown: the service did not answer; run \`reseller reconcile\` again later.` : ""}`,
    },
    /** `reseller validate`: whose account a customer id is; piped, the labels are the keys scripts read. */
    validate: {
      zoneNotSent: (name: string, zone: string) => `${name} is checked without a zone; --zone-id ${zone} is not sent.`,
      zoneFor: (name: string) => `Zone ID for ${name}`,
      account: "Account",
      region: "Region",
      customerId: "Customer id",
      zone: "Zone",
      item: "Item",
      fromCache: "From cache",
      yes: "yes",
      no: "no",
    },
    /** `reseller sandbox`: a test order that moves no money. */
    sandbox: {
      sending: (qty: number, item: number, refId: string) =>
        `Sending a sandbox order for ${qty} × item ${item} (ref_id ${refId})…`,
      settle: "A sandbox order moves no money. Run `reseller reconcile` to settle it in the journal.",
      recorded: (refId: string, invoice: string) =>
        `Sandbox order recorded (ref_id ${refId}${invoice ? `, invoice ${invoice}` : ""}); no balance or stock changed.`,
    },
  },
  /** The local records database (src/records/database.ts). */
  records: {
    isLink: (path: string) => `${path} is a symbolic link: reseller keeps its records only in a file of its own.`,
    isLinkHint: "Replace the link with the real directory or file (`reseller config path` shows the dir).",
    notAFile: (path: string) => `${path} is not a regular file: reseller cannot keep its records there.`,
    networkFilesystem: (dir: string, kind: string) =>
      `${dir} is on a network filesystem (${kind}), where the records database can be damaged by two machines writing at once.`,
    networkFilesystemHint:
      "Keep the config dir on a local disk: set RESELLER_CONFIG_DIR to a local directory (docs/money-safety.md).",
    newerVersion: (path: string, found: number, known: number) =>
      `${path} was written by a newer release of reseller (records version ${found}; this release knows version ${known}): nothing was read from it or sent.`,
    newerVersionHint:
      "Upgrade reseller to the release that wrote it (the records stay as they are), or point RESELLER_CONFIG_DIR at another dir.",
    importMiscounted: (path: string, read: number, written: number, added: number) =>
      `The records of ${path} did not import whole (${read} read, ${written} written, ${added} added): nothing was imported, and the file is where it was.`,
  },
  /** `buy … --plan`: what a run would do, said before money moves (src/commands/buy/plan.ts). */
  plan: {
    verdicts: { would_buy: "would buy", already_bought: "already bought", refused: "refused" },
    refusedBecause: (code: string) => `refused: ${code}`,
    alreadyBoughtAs: (refId: string) => `already bought (${refId})`,
    repeat: (refId: string) => `bought before as ${refId}; a run needs --skip-bought or --again`,
    repeatOrder: (refId: string) => `the same order was bought before as ${refId}; a run needs --again`,
    itemNumbered: (id: number) => `item ${id}`,
    counts: (wouldBuy: number, total: string, before: number, refused: number) =>
      `${wouldBuy} order${wouldBuy === 1 ? "" : "s"} would be bought for ${total}; ${before} already bought; ${refused} refused.`,
    covered: (balance: string, left: string) => `Balance ${balance}: ${left} left after the run.`,
    short: (balance: string, total: string, short: string) =>
      `Balance ${balance} does not cover ${total}: ${short} short.`,
    canRun: "The run could go ahead.",
    cannotRun: "The run could not go ahead.",
    priceChanged: (item: string, kept: string, now: string) =>
      `The price of ${item} changed since the kept catalogue: ${kept} then, ${now} now.`,
    alternatives: (row: number, items: string) =>
      `Line ${row}: if it cannot be bought, items ${items} would be tried in turn.`,
    nothingSent: "A plan: nothing was sent.",
    heading: "Plan",
  },
  bulk: {
    cannotRead: (path: string, why: string) => `Cannot read the orders file ${path}: ${why}`,
    nothingBought: "Nothing bought.",
    boughtBefore: (n: number) => (n ? ` (${n} bought before, not sent again)` : ""),
    allBought: (n: number, path: string) =>
      n === 1
        ? `The order of ${path} is already bought; nothing sent again.`
        : `All ${n} orders of ${path} are already bought; nothing sent again.`,
    allBoughtAgain: "To buy them again, run it with --again.",
    toBuy: (n: number, path: string, total: string, before: string) =>
      `${n} order${n === 1 ? "" : "s"} to buy from ${path}, ${total} in all${before}.`,
    confirm: (n: number) => `Buy ${n} order${n === 1 ? "" : "s"}?`,
    sending: (n: number, total: string, atATime: number, before: string) =>
      `Sending ${n} order${n === 1 ? "" : "s"} (up to ${total}), ${atATime} at a time${before}…`,
    unchecked: (place: string, row: number, reason: string) =>
      `${place} line ${row}: the customer's account was not checked (${reason}); bought unchecked.`,
    waitingForOther: (place: string, refId: string) =>
      `${place}: another reseller process is buying the same order (ref_id ${refId}); waiting for its answer…`,
    lineOf: (row: number, customer: string) => `line ${row}${customer ? ` (${customer})` : ""}`,
    deliveryFailed: (lines: string, n: number) =>
      `Delivery failed for ${lines}: refunded. Fix the customer data of ${n === 1 ? "that row" : "those rows"} and run the file again: a fixed row is a new order.`,
    settleUnknown:
      "Settle unknown outcomes with `reseller reconcile`; running the same orders again finishes the rest and never buys an order twice.",
    retryRefused: "Running the same orders again retries what was refused or not sent, and never buys an order twice.",
    printFault: (fault: string) =>
      `The orders stand as above and in the journal, but printing or keeping a result (--out, --receipts) went wrong: ${fault}`,
    /** `Spent Rp 270.000, Rp 11.200 refunded: Rp 258.800 in all; balance now Rp 730.000.`; refunded and balance may be "". */
    money: (spent: string, refunded: string, net: string, balance: string) =>
      `Spent ${spent}${refunded ? `, ${refunded} refunded: ${net} in all` : ""}${balance ? `; balance now ${balance}` : ""}.`,
    progress: (finished: number, total: number, row: number, what: string, customer: string, verdict: string) =>
      `[${finished}/${total}] line ${row} ${what}${customer ? ` for ${customer}` : ""}: ${verdict}`,
    before: (words: string) => `${words} (before)`,
    /** Rows matching a recent purchase under another ref_id: named, then a question or, in a script, a refusal. */
    /** `notFound`: a look-up did not find it, so it may have been bought since; said so, with the way to find out. */
    repeatNamed: (place: string, what: string, customer: string, when: string, refId: string, notFound: boolean) =>
      `${place} (${what}${customer ? ` for ${customer}` : ""}, ${notFound ? "sent" : "bought"} ${when} as ${refId}${notFound ? `, not found when asked but maybe bought since: \`reseller trx show ${refId}\` says` : ""})`,
    repeatMore: (n: number) => (n ? `, and ${n} more` : ""),
    repeats: (n: number, hours: number, named: string, more: string) =>
      `${n} order${n === 1 ? "" : "s"} of this file match${n === 1 ? "es" : ""} a purchase made in the last ${hours} h: ${named}${more}.`,
    repeatsHint: "Add --skip-bought to buy only the new orders, or --again to buy the matching ones again.",
    skippingRepeats: "Skipping them and buying the new ones (--yes takes the safe answer; --again buys them again).",
    repeatQuestion: (n: number) => `What should happen to ${n === 1 ? "it" : "them"}?`,
    repeatSkip: (n: number) => `Skip ${n === 1 ? "it" : "those"} (already bought) and buy the new ones`,
    repeatAgain: (n: number) => `Buy ${n === 1 ? "it" : "them"} again`,
    repeatNothing: "Buy nothing",
    /** The counts of `4 orders: 3 delivered, 1 failed (Rp 11.200 refunded)`. */
    counts: {
      delivered: (n: number) => `${n} delivered`,
      bought: (n: number) => `${n} bought`,
      partial: (n: number) => `${n} partly delivered`,
      delivery_failed: (n: number) => `${n} failed`,
      refused: (n: number) => `${n} refused`,
      not_sent: (n: number) => `${n} not sent`,
      unknown: (n: number) => `${n} unknown`,
    },
    refunded: (amount: string) => ` (${amount} refunded)`,
    summary: (n: number, parts: string, before: number) =>
      `${n} order${n === 1 ? "" : "s"}: ${parts}${before ? `; ${before} of them bought before, not sent again` : ""}.`,
  },
  /** A journal entry's outcome as people read it (src/output/journal.ts); piped rows keep the English with underscores. */
  /** Alternatives kept for an item and bought in its place (src/orders/alternatives.ts, `buy --alternatives`). */
  alternatives: {
    item: "Item",
    alternatives: "Alternatives",
    named: (id: number, name: string | undefined) => (name ? `${id} (${name})` : `item ${id}`),
    noneYet: "No alternatives kept yet: `reseller alternatives set ITEM ALT` keeps them.",
    set: (item: string, list: string) => `Alternatives for ${item}, tried in this order: ${list}.`,
    itself: (id: number) => `Item ${id} cannot be its own alternative.`,
    twice: (id: number) => `Alternative ${id} is named twice.`,
    tooMany: (max: number, n: number) => `At most ${max} alternatives per item, not ${n}.`,
    notKept: (ids: string) => `Not in the kept catalogue: ${ids}.`,
    notKeptHint:
      "`reseller items --refresh` brings the copy up to date; an item the service does not have cannot be sold instead.",
    removed: (item: string) => `Forgot the alternatives for ${item}.`,
    noneFor: (item: string) => `${item} has no alternatives kept.`,
    seeThem: "`reseller alternatives` lists them.",
    /** Why the order before was given up, said after its item: "Pulsa Telkomsel 25.000 is disrupted". */
    why: {
      disrupted: "is disrupted (nothing charged)",
      refused: (code: string) => `was refused (${code}; nothing charged)`,
      notSent: (code: string) => `was not sent (${code}; nothing charged)`,
      deliveryFailed: "failed to deliver and was refunded in full",
    },
    /** The same, as the outcome line says it: "…, which was disrupted". */
    whyPast: {
      disrupted: "was disrupted",
      refused: "was refused",
      notSent: "was not sent",
      deliveryFailed: "failed to deliver (refunded)",
    },
    trying: (original: string, why: string, alternative: string, n: number, of: number) =>
      `${original} ${why}: buying its alternative ${alternative} (${n} of ${of}) for the same customer…`,
    aboveMax: (alternative: string, cost: string, cap: string) =>
      `Skipped the alternative ${alternative}: it costs ${cost}, above the most this sale may cost (${cap}; --max-price says otherwise).`,
    cannotSell: (alternative: string, why: string) => `Skipped the alternative ${alternative}: ${why}`,
    boughtInstead: (alternative: string, original: string, whyPast: string) =>
      `${alternative} sold as the alternative for ${original}, which ${whyPast}.`,
    noneLeft: (original: string) => `No alternative of ${original} could be bought; nothing was charged for it.`,
    noneKept: (id: number) =>
      `--alternatives: item ${id} has none kept; \`reseller alternatives set ${id} ALT\` keeps them.`,
    soldForAnother: (refId: string, altRefId: string) =>
      `ref_id ${refId} was sold as its alternative ${altRefId} for another order than this one; nothing was sent.`,
    /** `aside` is the verdict with its refund, in brackets (`verdictAside`); `item` what the alternative sold. */
    soldBefore: (refId: string, altRefId: string, item: string, aside: string) =>
      `ref_id ${refId} was sold as its alternative ${altRefId}${item ? `, ${item}` : ""} ${aside}; nothing sent again.`,
    /** An alternative the service held from an earlier run of the sale, failed and refunded whole: the next is tried. */
    failedBefore: (alternative: string, altRefId: string, refunded: string) =>
      `${alternative} was bought for this sale before (ref_id ${altRefId}); its delivery failed and ${refunded} was refunded in full.`,
    /** Another live process has sent the sale's alternative and awaits its answer: this run waits for it. */
    waitingForOther: (refId: string, altRefId: string) =>
      `ref_id ${refId}: another reseller process is buying its alternative ${altRefId}; waiting for its answer…`,
    /** Its alternative was not found when asked: maybe bought since, so the sale is not sent again until that is known. */
    soldMaybe: (refId: string, altRefId: string) =>
      `ref_id ${refId} was sent as its alternative ${altRefId}, which the service did not have when asked but may have bought since; nothing sent again. Look first: reseller trx show ${altRefId}`,
    /** Another run sent the sale from here (bought, in flight or unknown): its alternative is not sent. */
    sentByAnotherRun: (refId: string, altRefId: string, earlierRefId: string, outcome: string) =>
      `The sale ${refId} was sent by another run (ref_id ${earlierRefId}, outcome: ${outcome}); its alternative ${altRefId} was not sent, so the sale is not made twice.`,
    sentByAnotherRunHint: (earlierRefId: string) =>
      `See it with \`reseller trx show ${earlierRefId}\` before selling this customer anything else.`,
    keptFor: (list: string) =>
      `Its alternatives: ${list}. Buy again with --alternatives to sell the first that can be.`,
    noneKeptHint: (id: number, candidates: string) =>
      `No alternatives kept for it${candidates ? `; items of the same product: ${candidates}` : ""}. \`reseller alternatives set ${id} ALT\` keeps them for \`buy --alternatives\`.`,
    /** Why a cart takes no --alternatives, and what to do instead (the suggestion). */
    cartNotYet:
      "--cart does not take --alternatives: a cart is bought whole, in one transaction, and reseller does not replace one of its lines on its own.",
    cartInstead:
      "Buy the lines as rows of an orders file (`buy --file FILE --alternatives`: each line an order of its own, with its own alternatives), or put an alternative in the disrupted line of the cart and buy the cart again.",
    /** A cart refused as disrupted: its lines whose items the service reports disrupted, each with its alternatives. */
    cartLine: (place: string, item: string, alternatives: string) =>
      `${place} (${item})${alternatives ? `, alternatives: ${alternatives}` : ""}`,
    cartDisrupted: (lines: string) =>
      `Disrupted in this cart: ${lines}. A cart is bought whole: put an alternative in that line and buy the cart again, or buy the lines with \`buy --file FILE --alternatives\`.`,
    cartDisruptedUnnamed:
      "A cart is bought whole: `reseller items` marks which of its items is disrupted; put an alternative in that line and buy the cart again, or buy the lines with `buy --file FILE --alternatives`.",
    badList: (where: string, text: string) =>
      `${where}alternatives must be item ids separated by spaces or |, not "${text}".`,
  },
  journalOutcomes: {
    done: "done",
    "in flight": "in flight",
    unknown: "unknown",
    "not bought": "not bought",
    "no charge": "no charge",
    "not held": "not held",
    "not done": "not done",
    "not sent": "not sent",
    refused: "refused",
  } as Record<string, string>,
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
});

export type Messages = ReturnType<typeof englishCatalogue>;

let built: Messages | undefined;

/**
 * English, built the first time something reads it: a command that speaks Indonesian never builds it
 * (about a millisecond of every start, and its share of the code cache).
 */
export const en: Messages = whenRead(english);

export function english(): Messages {
  built ??= englishCatalogue();
  return built;
}

/** A catalogue read through `catalogue()`, which builds it once, when something first reads a word. */
export function whenRead(catalogue: () => Messages): Messages {
  return new Proxy({} as Messages, {
    // An async function returning the catalogue asks it for `then`: that is no word, and must not build it.
    get: (_target, key) => (key === "then" ? undefined : Reflect.get(catalogue(), key)),
    has: (_target, key) => Reflect.has(catalogue(), key),
    ownKeys: () => Reflect.ownKeys(catalogue()),
    getOwnPropertyDescriptor: (_target, key) => Reflect.getOwnPropertyDescriptor(catalogue(), key),
  });
}
