import { SPEECH_FORMATS } from '../../shared/domain/speech'
import { RENDER_HELP } from './render-arguments'
import { VOICEOVER_HELP } from './voiceover-arguments'

const FORMATS = SPEECH_FORMATS.join('|')

const EXIT_CODES = `Exit codes:
  0 success            1 internal error        2 usage or invalid input
  3 auth or scope      4 not found             5 rate limit, payment or plan limit
  6 service/network/timeout                    7 audio stream cut short
  8 disk (cannot write the file)               130 cancelled (Ctrl-C)
  webhooks verify: 9 signature does not match, 10 stale timestamp, 11 malformed header`

const GLOBAL_OPTIONS = `Global options:
  --base-url URL     service address (or VOICEDESK_BASE_URL); https, or http on this computer
  --plan free|paid   the pace to keep: free is one request at a time, paid up to 15 at once
                     (or VOICEDESK_PLAN; default: the plan saved in the app's Account screen
                     for this service, else free)
  --verbose          log requests to stderr (keys and tokens are always masked)
  -h, --help         help (also: voicedesk help COMMAND)`

const FOOTER = 'Global options, credentials and exit codes: voicedesk --help'

/** The top-level help: every command, the global options, credentials and exit codes. */
export const HELP = `VoiceDesk on the command line (same engine as the app, no window)

Usage:
  voicedesk [global options] <command> [options]
  voicedesk help <command>        help for one command (or: voicedesk <command> --help)

Commands:
  voices list [--json]
  voices create --name N --gender male|female|not_specified --sample FILE
                --consent-name NAME --consent-email EMAIL [--locale ll-CC] [--json]
  voices delete ID [--json]
  voices sample ID --out FILE [--json]
  speak --voice VOICE (--text T | --file F) --out FILE [--format ${FORMATS}]
        [--stream] [--language ll-CC] [--model M] [--normalize-text]
        [--normalize-loudness] [--json]
  render FILE --out OUT [--format ${FORMATS}|m4b] [--voice VOICE] [--cast NAME=VOICE ...]
        [--subtitles srt|vtt] [--per-block DIR | --per-chapter DIR] [--sample-rate R]
        [--mp3-mode vbr|cbr] [--bitrate KBPS] [--loudness LUFS | --preset P]
        [--title T] [--author A] [--narrator N] [--cover IMAGE] [--cache-dir DIR]
        [--footnotes omit|read] [--pages A-B] [--password-file F] [--dry-run] [--json]
  import FILE --out script.md [--footnotes omit|read] [--pages A-B] [--password-file F]
        [--rules FILE] [--json]
  voiceover SUBTITLES --out FILE [--video VIDEO] [--voice VOICE] [--cast NAME=VOICE ...]
        [--fit rate|stretch|shift] [--max-rate 1.25] [--original-audio keep|drop]
        [--report FILE.json] [--dry-run] [--json]
  conversation show ID [--json]
  conversation watch ID [--json]
  conversation list [--agent ID] [--status S] [--since ISO] [--until ISO] [--limit N] [--json]
  conversation export --since ISO [--until ISO] [--agent ID] [--status S] --out DIR [--json]
  conversation stats [--agent A] [--since ISO] [--until ISO] [--by day|hour|agent] [--json]
  webhooks verify --secret-file F --header 't=…,v1=…' --body FILE [--tolerance SECONDS] [--json]

VOICE is a voice's name as the app shows it (George) or its id (george).

Examples:
  voicedesk voices list                         the voices you can use, with their languages
  voicedesk speak --voice George --text "Hello there." --out hello.mp3
  voicedesk render book.docx --out book.mp3 --voice George --dry-run     the cost, nothing sent
  voicedesk render book.epub --out book.mp3 --voice George --preset acx  a file for ACX (Audible)
  voicedesk conversation list --since 2026-11-20

${GLOBAL_OPTIONS}

Credentials: VOICEDESK_API_KEY (or VOICEDESK_ACCESS_TOKEN) from the environment, else the
key stored by the VoiceDesk app in the system keychain.

${EXIT_CODES}
`

const JSON_OPTION = '  --json             print the result as one JSON document on stdout'

const FILTERS = `  --agent ID          one agent's conversations (its id, or its name as the list shows it)
  --status S          pending | active | completed | failed
  --since ISO         started at or after (2026-11-20, or 2026-11-20T09:30:00Z; no zone = UTC)
  --until ISO         started before (a date alone includes that whole day)`

/** Help of each command and command group, keyed by its words ("voices list", "render"). */
const COMMAND_HELP: Record<string, string> = {
  voices: `Usage: voicedesk voices <list|create|delete|sample> [options]

Personal and stock voices of the account.
  voices list                 every voice the account can use
  voices create ...           clone a personal voice from a recorded sample
  voices delete ID            delete a personal voice
  voices sample ID --out F    download a voice's sample

Examples:
  voicedesk voices list
  voicedesk voices sample george --out george-sample.mp3

Help for one: voicedesk voices <command> --help`,
  'voices list': `Usage: voicedesk voices list [--json]

Lists the voices the account can use as the app does: your personal voices first, then the
catalog, each by name, with its language, gender, kind (Personal or Catalog) and id.
${JSON_OPTION}  (the service's list as it is)

Examples:
  voicedesk voices list
  voicedesk voices list --json`,
  'voices create': `Usage: voicedesk voices create --name N --gender G --sample FILE
                              --consent-name NAME --consent-email EMAIL [options]

Clones a personal voice from a recorded sample. Never retried blindly: if the answer is lost,
the voice list is read and the voice found by name is returned instead of creating a second one.
  --name N               the voice's display name
  --gender G             male | female | not_specified
  --sample FILE          the recording (wav, mp3, ogg or aac)
  --consent-name NAME    full name of the person who consents to the clone
  --consent-email EMAIL  their email address
  --locale ll-CC         the voice's language (e.g. en-US)
${JSON_OPTION}

Example:
  voicedesk voices create --name "My voice" --gender female --sample me.wav \\
    --consent-name "Ana Reyes" --consent-email ana@example.com --locale en-US`,
  'voices delete': `Usage: voicedesk voices delete ID [--json]

Deletes a personal voice (ID is shown by voicedesk voices list).
${JSON_OPTION}

Example:
  voicedesk voices delete pv_7f3a`,
  'voices sample': `Usage: voicedesk voices sample ID --out FILE [--json]

Downloads the sample of a voice to FILE (written atomically).
  -o, --out FILE     where to save it
${JSON_OPTION}

Example:
  voicedesk voices sample george --out george-sample.mp3`,
  speak: `Usage: voicedesk speak --voice VOICE (--text T | --file F) --out FILE [options]

One speech request (at most 2,000 characters), or one stream with --stream (at most 20,000),
to a checked audio file, and says how long it is. For longer scripts use voicedesk render.
  --voice VOICE          the voice: its name as the app shows it (George) or its id
  --text T               the text to speak
  --file F               or a UTF-8 text file to speak
  -o, --out FILE         the audio file (written atomically, checked before it is renamed)
  --format F             ${SPEECH_FORMATS.join(' | ')} (default: the --out extension, else wav;
                         mp3 with --stream). An extension that is no format needs --format.
  --stream               use the streaming endpoint (no wav)
  --language ll-CC       language of the text
  --model M              speech model
  --normalize-text       let the service normalize numbers, dates and abbreviations
  --normalize-loudness   let the service normalize loudness
${JSON_OPTION}

Examples:
  voicedesk speak --voice George --text "Hello there." --out hello.mp3
  voicedesk speak --voice olivia --file intro.txt --out intro.ogg --stream`,
  render: RENDER_HELP,
  voiceover: VOICEOVER_HELP,
  conversation: `Usage: voicedesk conversation <show|watch|list|export|stats> [ID] [options]

Voice-agent conversations.
  conversation show ID     the status, transcript and evaluations as they are now
  conversation watch ID    follow it live until it ends, then print the evaluations
  conversation list        the most recent conversations, filtered, with agent names
  conversation export      a CSV summary and JSONL transcripts of a date range, into a folder
  conversation stats       the overview's figures: calls, lengths, end reasons, pass rates

Examples:
  voicedesk conversation list --since 2026-11-20
  voicedesk conversation watch conv_123

Help for one: voicedesk conversation <command> --help`,
  'conversation show': `Usage: voicedesk conversation show ID [--json]

Prints a conversation's status, its transcript and (once it has ended) its evaluations.
${JSON_OPTION}

Example:
  voicedesk conversation show conv_123`,
  'conversation watch': `Usage: voicedesk conversation watch ID [--json]

Polls once a second while the conversation is not final, prints each new turn once, then waits
for the evaluations, prints them and stops by itself.
${JSON_OPTION}

Example:
  voicedesk conversation watch conv_123`,
  'conversation list': `Usage: voicedesk conversation list [--agent ID] [--status S] [--since ISO]
                              [--until ISO] [--limit N] [--json]

Lists conversations, most recent first: id, start (UTC), agent name, status and duration.
Follows the service's pages up to --limit. A service that does not list conversations is
exit 4 with a note: open one by id with voicedesk conversation show ID.
${FILTERS}
  --limit N           at most N conversations (default 50)
${JSON_OPTION}

Examples:
  voicedesk conversation list --since 2026-11-20 --status failed
  voicedesk conversation list --agent "Priya Raman" --limit 200 --json`,
  'conversation export': `Usage: voicedesk conversation export --since ISO [--until ISO] [--agent ID]
                                [--status S] --out DIR [--json]

Lists the matching conversations, then reads each one (transcript and evaluations) and writes
two files into DIR: conversations-<date>.csv (one summary row each: id, agent, status, started,
duration, evaluations passed and total, summary) and conversations-<date>.jsonl (one conversation
with its transcript and evaluations per line). An earlier export is never replaced: the name gets
-2, -3… Both files appear only when complete; Ctrl-C (exit 130) or a failure leaves none.
A conversation deleted meanwhile is skipped and named on stderr. Progress goes to stderr.
${FILTERS}
  -o, --out DIR       the folder to write into (it must exist)
${JSON_OPTION}

Example:
  voicedesk conversation export --since 2026-11-01 --until 2026-11-30 --out exports/`,
  'conversation stats': `Usage: voicedesk conversation stats [--agent A] [--since ISO] [--until ISO]
                               [--by day|hour|agent] [--json]

Counts the calls that started in a range, as the app's Conversations overview does: calls by
outcome, the median length and the length 1 call in 10 reaches, why calls ended, and the pass
rate of each criterion (per agent) over the newest 400 finished calls. Days and hours are your
system's time zone. Without --since: the last 7 days up to now, today included.
  --agent A           one agent, by name as the app shows it or by id
  --since ISO         from this date (its start, in your time zone) or date-time
  --until ISO         up to this date (its end, in your time zone) or date-time (default: now)
  --by day|hour|agent the calls of each day (default), hour or agent
${JSON_OPTION}

Examples:
  voicedesk conversation stats
  voicedesk conversation stats --since 2026-11-01 --until 2026-11-30 --by agent
  voicedesk conversation stats --agent "Priya Raman" --by hour --json`,
  import: `Usage: voicedesk import FILE --out script.md [options]

Reads a manuscript as the app's Import does and writes the script it makes, as Markdown that
opens again as the same chapters (or plain text, for an --out name ending in .txt). FILE is
text, Markdown, Word (.docx), EPUB, PDF, OpenDocument (.odt) or a web page (.html, .xhtml).
A PDF is read for its text: running heads and feet and page numbers are left out, words broken
at a line end are joined, chapters come from its bookmarks or its headings. Needs no service.
  -o, --out FILE         the script to write (.md, or .txt for plain text)
  --footnotes omit|read  footnotes left out (default) or read after their paragraph
  --pages A-B            a PDF's pages to read (5-212, 7, or 5- to the end)
  --password-file F      a file holding a protected PDF's password (its first line)
  --rules FILE           clean the text first, with the rules in FILE (JSON), and say what
                         each rule changed. Built-in rules, each true or false (all true when
                         left out): "citations" ([12], [3-5]), "footnoteMarkers" (¹, †),
                         "repeatedPunctuation" (!!!), "capsHeadings" (ALL-CAPS headings in
                         sentence case); "links": "say" (read as "link"), "remove" or "keep".
                         Your own rules, run in order: "rules": [{"find": "Dr.", "replace":
                         "Doctor"}, {"find": "\\[(\\d+)\\]", "replace": "", "regex": true}]
                         ("matchCase": true to match case; a rule stops after 5 seconds)
${JSON_OPTION}

Examples:
  voicedesk import book.pdf --out book.md --pages 5-212
  voicedesk import book.docx --out book.md --rules rules.json`,
  webhooks: `Usage: voicedesk webhooks verify --secret-file F --header 't=…,v1=…' --body FILE [options]

Tools for teams that build a webhook receiver.
  webhooks verify    check a delivery's signature the way the service signs it

Example:
  voicedesk webhooks verify --secret-file secret.txt --header "$SIGNATURE" --body body.json

Help for one: voicedesk webhooks <command> --help`,
  'webhooks verify': `Usage: voicedesk webhooks verify --secret-file F --header 't=…,v1=…' --body FILE
                            [--tolerance SECONDS] [--json]

Checks a webhook signature in the service's format: HMAC-SHA256 with the secret over
"<t>.<raw body>", compared in constant time, with t no further than the tolerance from now.
Needs no service address or key. Prints "valid" and exits 0, or says why not and exits
9 (the signature does not match), 10 (stale or future timestamp, with its age) or
11 (the header is not t=<unix seconds>,v1=<64 hex digits>). The secret is never printed.
  --secret-file F     a file holding the webhook signing secret (one final line break is
                      ignored), or set VOICEDESK_WEBHOOK_SECRET instead; --secret S is refused,
                      since any user of the machine can read a command line
  --header H          the signature header's value exactly as received
  --body FILE         the request body exactly as received (bytes, not re-serialised JSON)
  --tolerance N       seconds a timestamp may be away from now (default 300)
${JSON_OPTION}

Example:
  voicedesk webhooks verify --secret-file secret.txt --header "$SIGNATURE" --body body.json`,
}

/**
 * The help of the command named by the first positional words ("voices", "voices list",
 * "render"), or null when they name no command.
 */
export function commandHelp(words: string[]): string | null {
  const [first = '', second] = words
  const oneWord = ['speak', 'render', 'import', 'voiceover'].includes(first)
  const key = oneWord || second === undefined ? first : `${first} ${second}`
  const text = COMMAND_HELP[key]
  if (text === undefined) return null
  return `${text}\n\n${FOOTER}\n`
}
