import { parseArgs } from 'node:util'
import type { ParseArgsConfig } from 'node:util'
import { PLAN_LIMITS } from '../../shared/domain/account'
import { AppError } from '../../shared/errors'
import { commandLineCredential } from '../core/account/credential-resolver'
import { createLogger } from '../core/log/logger'
import { RENDER_OPTIONS, parseErrorText, runRenderCommand } from './render-command'
import type { Clock } from '../core/clock'
import { systemClock } from '../core/clock'
import type { Logger } from '../core/log/logger'
import type { Credential } from '../core/account/account-ports'
import type { SecretStore } from '../core/secrets/secret-store'
import { createUpstreamClient } from '../core/upstream/upstream-client'
import type { CommandContext } from './commands'
import * as commands from './commands'
import { conversationExport, conversationList } from './conversation-list-commands'
import { EXIT, exitCodeFor } from './exit-codes'
import { HELP, commandHelp } from './help'
import type { CliIo } from './io'
import { printJson, usage } from './io'
import type { LocalCommandContext } from './webhook-commands'
import { webhooksVerify } from './webhook-commands'

type Command = (c: CommandContext) => Promise<void>

/** A command that works on local input only: no service, no address, no key. Resolves to its exit code. */
type LocalCommand = (c: LocalCommandContext) => Promise<number>

/**
 * Each command and the options it accepts besides the global ones. `ownCancelWords`: its CANCELLED
 * message says what became of its files, so it is shown instead of a bare "Cancelled."
 */
type CommandEntry =
  | { run: Command; options: string[]; ownCancelWords?: true }
  | { local: LocalCommand; options: string[] }

const COMMANDS: Record<string, CommandEntry> = {
  'voices list': { run: commands.voicesList, options: ['json'] },
  'voices create': {
    run: commands.voicesCreate,
    options: ['json', 'name', 'gender', 'sample', 'consent-name', 'consent-email', 'locale'],
  },
  'voices delete': { run: commands.voicesDelete, options: ['json'] },
  'voices sample': { run: commands.voicesSample, options: ['json', 'out'] },
  speak: {
    run: commands.speak,
    options: [
      'json',
      'voice',
      'text',
      'file',
      'out',
      'format',
      'stream',
      'language',
      'model',
      'normalize-text',
      'normalize-loudness',
    ],
  },
  'conversation show': { run: commands.conversationShow, options: ['json'] },
  'conversation watch': { run: commands.conversationWatch, options: ['json'] },
  'conversation list': {
    run: conversationList,
    options: ['json', 'agent', 'status', 'since', 'until', 'limit'],
  },
  'conversation export': {
    run: conversationExport,
    options: ['json', 'agent', 'status', 'since', 'until', 'out'],
    ownCancelWords: true,
  },
  'webhooks verify': {
    local: webhooksVerify,
    options: ['json', 'secret', 'header', 'body', 'tolerance'],
  },
}

const GLOBAL = ['base-url', 'plan', 'verbose', 'help']

const OPTIONS: NonNullable<ParseArgsConfig['options']> = {
  'base-url': { type: 'string' },
  plan: { type: 'string' },
  verbose: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  json: { type: 'boolean' },
  name: { type: 'string' },
  gender: { type: 'string' },
  sample: { type: 'string' },
  'consent-name': { type: 'string' },
  'consent-email': { type: 'string' },
  locale: { type: 'string' },
  out: { type: 'string', short: 'o' },
  voice: { type: 'string' },
  text: { type: 'string' },
  file: { type: 'string' },
  format: { type: 'string' },
  stream: { type: 'boolean' },
  language: { type: 'string' },
  model: { type: 'string' },
  'normalize-text': { type: 'boolean' },
  'normalize-loudness': { type: 'boolean' },
  agent: { type: 'string' },
  status: { type: 'string' },
  since: { type: 'string' },
  until: { type: 'string' },
  limit: { type: 'string' },
  secret: { type: 'string' },
  header: { type: 'string' },
  body: { type: 'string' },
  tolerance: { type: 'string' },
}

/** What the CLI needs from its surroundings (the real process, or a test). */
export interface CliEnvironment {
  io: CliIo
  env: Record<string, string | undefined>
  signal: AbortSignal
  /** The app's keychain, used when no credential is in the environment. */
  secrets?: () => Promise<SecretStore>
  /**
   * Where the app keeps settings.json, which says which origin the keychain credential belongs
   * to. Default: the app's user data folders for this user.
   */
  userDataDirs?: readonly string[]
  /** Shorter polls for tests. */
  pollMs?: number
  /** Whether stderr is a terminal (progress is redrawn in place there). Default: false. */
  isTTY?: boolean
  /**
   * The time `webhooks verify` judges a timestamp against, and the clock `conversation watch`
   * polls on (default: the system clock).
   */
  clock?: Clock
}

/** The command line's credential (environment, else the app's keychain), read on every request. */
function cliCredential(environment: CliEnvironment, logger: Logger): Promise<Credential | null> {
  return commandLineCredential({
    env: environment.env,
    logger,
    ...(environment.secrets === undefined ? {} : { secrets: environment.secrets }),
    ...(environment.userDataDirs === undefined ? {} : { userDataDirs: environment.userDataDirs }),
  })
}

/**
 * The CLI's own hint for an error core raised without naming flags (core messages are shared
 * with the app, which has no flags): chosen by a detail field, never by the message text.
 */
function flagHint(error: AppError): string {
  // The no-credential message names the variables itself; a key saved for another address does not.
  if (error.code === 'AUTH_MISSING' && error.details?.noCredential !== true)
    return ' On the command line, set VOICEDESK_API_KEY (or VOICEDESK_ACCESS_TOKEN).'
  if (error.code === 'AUTH_INVALID')
    return ' If it came from VOICEDESK_API_KEY or VOICEDESK_ACCESS_TOKEN, check that variable.'
  const voice = error.details?.preflight?.find((p) => p.speaker !== undefined || p.defaultVoice)
  if (voice?.speaker !== undefined)
    return ` Give another with --cast "${voice.speaker}=VOICE_ID" ("voicedesk voices list" shows your voices).`
  if (voice?.defaultVoice)
    return ' Give another with --voice VOICE_ID ("voicedesk voices list" shows your voices).'
  const missing = error.details?.missingVoice
  if (!missing) return ''
  return missing.speaker === undefined
    ? ' Give one with --voice VOICE_ID.'
    : ` Give one with --cast "${missing.speaker}=VOICE_ID" or --voice VOICE_ID.`
}

/** Writes an error: one sentence (plus the request id) on stderr; with --json, also a document on stdout. */
function report(io: CliIo, error: AppError, json: boolean): void {
  const requestId = error.details?.requestId
  io.err(
    `voicedesk: ${error.message}${flagHint(error)}${requestId ? ` (request id: ${requestId})` : ''}\n`,
  )
  if (json) printJson(io, { ok: false, error: error.toData() })
}

/** Every option any command takes: enough to read a command line without refusing it. */
const ANY_OPTION: NonNullable<ParseArgsConfig['options']> = { ...OPTIONS, ...RENDER_OPTIONS }

/**
 * The help a command line asks for (`--help`/`-h` anywhere, or `help [COMMAND]`), or null when
 * it asks for none. Read leniently, so a line with a mistake still gets its command's help.
 */
function requestedHelp(argv: string[]): string | null {
  const { values, positionals } = parseArgs({
    args: argv,
    options: ANY_OPTION,
    allowPositionals: true,
    strict: false,
  })
  const words = positionals[0] === 'help' ? positionals.slice(1) : positionals
  if (positionals[0] !== 'help' && values.help !== true) return null
  if (words.length === 0) return HELP
  const help = commandHelp(words)
  if (help === null) throw usage(`Unknown command "${words.slice(0, 2).join(' ')}".`)
  return help
}

/** The command line of `render` without the word itself, or null when the command is not render. */
function renderArgs(argv: string[]): string[] | null {
  const { tokens } = parseArgs({
    args: argv,
    options: ANY_OPTION,
    allowPositionals: true,
    strict: false,
    tokens: true,
  })
  const first = tokens.find((t) => t.kind === 'positional')
  if (first?.kind !== 'positional' || first.value !== 'render') return null
  return [...argv.slice(0, first.index), ...argv.slice(first.index + 1)]
}

/** `render`: its own options (narration engine), the same credentials, errors and exit codes. */
async function runRender(
  args: string[],
  environment: CliEnvironment,
  logger: Logger,
): Promise<void> {
  await runRenderCommand(args, {
    out: (text) => environment.io.out(text),
    err: (text) => environment.io.err(text),
    isTTY: process.stderr.isTTY,
    columns: process.stderr.columns,
    env: environment.env,
    createClient: ({ baseUrl, plan }) =>
      createUpstreamClient({
        baseUrl,
        credential: () => cliCredential(environment, logger),
        limits: PLAN_LIMITS[plan],
        logger,
        userAgent: 'VoiceDesk-CLI',
      }),
    signal: environment.signal,
  })
}

/** Runs one command line; resolves to the exit code. Never throws. */
export async function runCli(argv: string[], environment: CliEnvironment): Promise<number> {
  const { io } = environment
  let json = argv.includes('--json')
  const logger = createLogger({
    level: argv.includes('--verbose') ? 'debug' : 'warn',
    sink: (line) => io.err(`${line}\n`),
    scope: 'cli',
  })
  let close = (): void => undefined
  let ownCancelWords = false
  try {
    const help = requestedHelp(argv)
    if (help !== null) {
      io.out(help)
      return EXIT.ok
    }
    const render = renderArgs(argv)
    if (render !== null) {
      ownCancelWords = true
      await runRender(render, environment, logger)
      return EXIT.ok
    }
    let parsed
    try {
      parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true })
    } catch (error) {
      throw usage(`${parseErrorText(error)}.`)
    }
    const { values, positionals } = parsed
    json = values.json === true
    if (positionals.length === 0) {
      // No command is a usage error: the overview goes to stderr, like every other error.
      io.err(HELP)
      return EXIT.usage
    }
    const [first = '', second = ''] = positionals
    const name = first === 'speak' ? 'speak' : `${first} ${second}`
    const command = COMMANDS[name]
    if (!command) {
      // Why not echo a second word after "webhooks": it may be a secret given without --secret.
      const typed = first === 'webhooks' ? 'webhooks …' : positionals.slice(0, 2).join(' ')
      throw usage(`Unknown command "${typed}".`)
    }
    const args = positionals.slice(name === 'speak' ? 1 : 2)
    if (name === 'speak' && args.length > 0) throw usage(`Unexpected argument "${args[0]}".`)
    for (const option of Object.keys(values)) {
      if (!GLOBAL.includes(option) && !command.options.includes(option)) {
        throw usage(`"${name}" does not take --${option}.`)
      }
    }
    if ('local' in command) {
      return await command.local({
        args,
        values: values as LocalCommandContext['values'],
        io,
        env: environment.env,
        json,
        clock: environment.clock ?? systemClock,
      })
    }
    ownCancelWords = command.ownCancelWords === true
    const baseUrl = (values['base-url'] as string | undefined) ?? environment.env.VOICEDESK_BASE_URL
    if (!baseUrl) throw usage('No service address: give --base-url or set VOICEDESK_BASE_URL.')
    const plan = (values.plan as string | undefined) ?? environment.env.VOICEDESK_PLAN ?? 'free'
    if (plan !== 'free' && plan !== 'paid') throw usage('--plan must be free or paid.')
    const client = createUpstreamClient({
      baseUrl,
      credential: () => cliCredential(environment, logger),
      limits: PLAN_LIMITS[plan],
      readsPerSecond: plan === 'paid' ? 20 : 5,
      logger,
      userAgent: 'VoiceDesk-CLI',
    })
    close = () => client.close()
    await command.run({
      client,
      args,
      values: values as CommandContext['values'],
      io,
      signal: environment.signal,
      json,
      isTTY: environment.isTTY === true,
      clock: environment.clock ?? systemClock,
      ...(environment.pollMs === undefined ? {} : { pollMs: environment.pollMs }),
    })
    return EXIT.ok
  } catch (error) {
    const appError =
      error instanceof AppError
        ? error
        : new AppError(
            'INTERNAL',
            'Something went wrong inside VoiceDesk. Run again with --verbose and report the log.',
            {
              cause: error,
            },
          )
    if (appError.code === 'INTERNAL') logger.error('internal error', { error })
    // A cancelled render or export keeps its own words (they say how to continue, or that no
    // file was written), else "Cancelled."
    const shown =
      environment.signal.aborted && !(ownCancelWords && appError.code === 'CANCELLED')
        ? new AppError('CANCELLED', 'Cancelled.')
        : appError
    report(io, shown, json)
    return exitCodeFor(shown.code)
  } finally {
    close()
  }
}
