/**
 * `reseller help environment` and `reseller help exit-codes`: what a script writer asks after
 * `--help`, answered without a browser. Plain text within 80 columns, the same on a terminal and
 * through a pipe. docs/settings.md and docs/commands.md say the same; keep them together.
 */

export const helpTopics = {
  environment: `Environment variables and the flags beside them

Precedence: flag > environment > profile in the config store > built-in default;
but an explicit --profile NAME with a saved address or key uses them over
RESELLER_BASE_URL and RESELLER_API_KEY, and says so.

  RESELLER_PROFILE, --profile NAME
      which stored account (default "default")
  RESELLER_BASE_URL, --base-url URL
      the service's address, the part before /v1
  RESELLER_API_KEY
      the API key; wins over the stored one. There is no --api-key flag: a
      command line leaks into ps and shell history
  RESELLER_TIMEOUT, --timeout SECONDS
      per request (default 30)
  RESELLER_MAX_RETRIES
      retries after the first attempt, 0 to 10 (default 2)
  RESELLER_MAX_CATALOGUE_MB
      largest catalogue read at once, in MB (default 256; 2,048 variants a MB)
  RESELLER_NO_INPUT, CI, --no-input
      never prompt; a missing value is exit 2
  RESELLER_DEBUG=1, --verbose
      log each HTTP exchange to stderr, the API key cut to its last 4 characters
  RESELLER_CONFIG_DIR
      config, journal and lock cache (default $XDG_CONFIG_HOME/reseller, else
      ~/.config/reseller)
  RESELLER_WEBHOOK_SECRET
      what webhook listen verifies events with; wins over the saved one
  RESELLER_FORCE_TTY=1
      lay stdout out as for a terminal (tables); colours stay off unless forced
  COLUMNS
      the width tables are fitted to (default: the terminal's, else 80)
  NO_COLOR, CLICOLOR=0, --no-color
      no colours
  CLICOLOR_FORCE, FORCE_COLOR
      colours even when not on a terminal
  HTTPS_PROXY, HTTP_PROXY, NO_PROXY
      honoured by the HTTP client; localhost, 127.0.0.0/8 and ::1 never proxied
  NODE_TLS_REJECT_UNAUTHORIZED=0
      turns certificate checks off; honoured, and warned about on every call
  XDG_CACHE_HOME, RESELLER_NO_CODE_CACHE=1
      where start-up caches go; keep none

Output: --json prints the service's JSON (errors as JSON on stderr); --jq EXPR
implies --json and filters it with jq, strings printed raw.
`,
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
