import { parseArgs } from 'node:util'
import { AppError } from '../../shared/errors'
import { commandLineCredential } from '../core/account/credential-resolver'
import { appUserDataDirs } from '../core/account/saved-credential'
import type { CliPlan } from './saved-plan'
import { chosenPlan } from './saved-plan'
import { createLogger } from '../core/log/logger'
import { parseErrorText, serviceOptions } from './command-usage'
import { runRenderCommand } from './render-command'
import { runVoiceoverCommand } from './voiceover-command'
import type { Clock } from '../core/clock'
import { systemClock } from '../core/clock'
import type { Logger } from '../core/log/logger'
import type { Credential } from '../core/account/account-ports'
import type { SecretStore } from '../core/secrets/secret-store'
import { createUpstreamClient } from '../core/upstream/upstream-client'
import type { UpstreamClient } from '../core/upstream/upstream-client'
import { countedClient } from '../core/usage/counted-client'
import type { CommandLineUsage } from '../core/usage/usage-journal'
import { USAGE_COMMAND_LINE } from '../../shared/domain/usage'
import { commandLineUsage } from './cli-usage'
import type { CommandEntry } from './command-table'
import { ANY_OPTION, OPTIONS, chosenCommand } from './command-table'
import type { CommandContext } from './commands'
import { EXIT, exitCodeFor } from './exit-codes'
import { HELP, commandHelp } from './help'
import type { CliIo } from './io'
import { printJson, usage } from './io'
import type { LocalCommandContext } from './webhook-commands'

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

/** The app's user data folders, where a command's usage is recorded beside the app's. */
function usageDirs(environment: CliEnvironment): readonly string[] {
  return environment.userDataDirs ?? appUserDataDirs(environment.env)
}

/** Writes what a command used; a folder that cannot be written loses only this count. */
async function flushUsage(usage: CommandLineUsage, logger: Logger): Promise<void> {
  try {
    await usage.flush()
  } catch (error) {
    logger.warn('usage not recorded', { error: String(error) })
  }
}

/** The plan to keep under (the option, else the app's saved one, else free), logged with --verbose. */
async function planOf(
  environment: CliEnvironment,
  baseUrl: string,
  given: 'free' | 'paid' | null,
  logger: Logger,
): Promise<CliPlan> {
  const chosen = await chosenPlan(
    given,
    baseUrl,
    environment.userDataDirs ?? appUserDataDirs(environment.env),
  )
  logger.debug('plan', { plan: chosen.plan, from: chosen.from, ...chosen.limits })
  return chosen
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
  if (error.details?.password !== undefined)
    return ' Give the password with --password-file F (a file whose first line is the password).'
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

/** The command line of `word` (render, voiceover) without the word, or null for another command. */
function ownArgs(argv: string[], word: 'render' | 'voiceover'): string[] | null {
  const { tokens } = parseArgs({
    args: argv,
    options: ANY_OPTION,
    allowPositionals: true,
    strict: false,
    tokens: true,
  })
  const first = tokens.find((t) => t.kind === 'positional')
  if (first?.kind !== 'positional' || first.value !== word) return null
  return [...argv.slice(0, first.index), ...argv.slice(first.index + 1)]
}

/** `render`: its own options (narration engine), the same credentials, errors and exit codes. */
async function runRender(
  args: string[],
  environment: CliEnvironment,
  logger: Logger,
): Promise<void> {
  const usage = await commandLineUsage(usageDirs(environment), environment.clock)
  try {
    await runRenderCommand(args, {
      out: (text) => environment.io.out(text),
      err: (text) => environment.io.err(text),
      isTTY: process.stderr.isTTY,
      columns: process.stderr.columns,
      env: environment.env,
      createClient: cliClientFactory(environment, logger),
      signal: environment.signal,
      usage,
    })
  } finally {
    await flushUsage(usage, logger)
  }
}

/** `voiceover`: the render's way to the service (credentials, plan), its own options. */
async function runVoiceover(
  args: string[],
  environment: CliEnvironment,
  logger: Logger,
): Promise<void> {
  // Counted as render's characters are: the app's Account shows them by month and by project.
  const usage = await commandLineUsage(usageDirs(environment), environment.clock)
  try {
    await runVoiceoverCommand(args, {
      out: (text) => environment.io.out(text),
      err: (text) => environment.io.err(text),
      env: environment.env,
      createClient: cliClientFactory(environment, logger),
      signal: environment.signal,
      usage,
    })
  } finally {
    await flushUsage(usage, logger)
  }
}

/** The client a render-like command makes for the service it was given, with the saved plan. */
function cliClientFactory(
  environment: CliEnvironment,
  logger: Logger,
): (target: { baseUrl: string; plan: 'free' | 'paid' | null }) => Promise<UpstreamClient> {
  return async ({ baseUrl, plan }) =>
    createUpstreamClient({
      baseUrl,
      credential: () => cliCredential(environment, logger),
      limits: (await planOf(environment, baseUrl, plan, logger)).limits,
      logger,
      userAgent: 'VoiceDesk-CLI',
    })
}

/** A service command: the address and plan checked, a client made, the command run on it. */
async function runServiceCommand(
  command: Extract<CommandEntry, { run: unknown }>,
  call: Omit<CommandContext, 'client' | 'signal' | 'isTTY' | 'clock'>,
  environment: CliEnvironment,
  logger: Logger,
): Promise<void> {
  const options = serviceOptions(call.values, environment.env)
  const { plan, limits } = await planOf(environment, options.baseUrl, options.plan, logger)
  const client = createUpstreamClient({
    baseUrl: options.baseUrl,
    credential: () => cliCredential(environment, logger),
    limits,
    readsPerSecond: plan === 'paid' ? 20 : 5,
    logger,
    userAgent: 'VoiceDesk-CLI',
  })
  const usage = await commandLineUsage(usageDirs(environment), environment.clock)
  try {
    await command.run({
      ...call,
      // Speech made here (speak) is billed like the app's: counted for the app's usage table.
      client: countedClient(client, usage, USAGE_COMMAND_LINE),
      signal: environment.signal,
      isTTY: environment.isTTY === true,
      clock: environment.clock ?? systemClock,
      ...(environment.pollMs === undefined ? {} : { pollMs: environment.pollMs }),
    })
  } finally {
    client.close()
    await flushUsage(usage, logger)
  }
}

/** A command line other than help and render: parsed strictly, then run. Resolves to the exit code. */
async function runCommand(
  argv: string[],
  environment: CliEnvironment,
  logger: Logger,
  state: { json: boolean; ownCancelWords: boolean },
): Promise<number> {
  const { io } = environment
  let parsed
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true })
  } catch (error) {
    throw usage(`${parseErrorText(error)}.`)
  }
  const { values, positionals } = parsed
  state.json = values.json === true
  if (positionals.length === 0) {
    // No command is a usage error: the overview goes to stderr, like every other error.
    io.err(HELP)
    return EXIT.usage
  }
  const { command, args } = chosenCommand(positionals, values)
  if ('local' in command) {
    return await command.local({
      args,
      values: values as LocalCommandContext['values'],
      io,
      env: environment.env,
      json: state.json,
      clock: environment.clock ?? systemClock,
      signal: environment.signal,
      isTTY: environment.isTTY === true,
    })
  }
  state.ownCancelWords = command.ownCancelWords === true
  const call = { args, values: values as CommandContext['values'], io, json: state.json }
  await runServiceCommand(command, call, environment, logger)
  return EXIT.ok
}

/** What a failed command line shows and exits with. */
function failed(
  error: unknown,
  environment: CliEnvironment,
  logger: Logger,
  state: { json: boolean; ownCancelWords: boolean },
): number {
  const appError =
    error instanceof AppError
      ? error
      : new AppError(
          'INTERNAL',
          'Something went wrong inside VoiceDesk. Run again with --verbose and report the log.',
          { cause: error },
        )
  if (appError.code === 'INTERNAL') logger.error('internal error', { error })
  // A cancelled render or export keeps its own words (they say how to continue, or that no
  // file was written), else "Cancelled."
  const shown =
    environment.signal.aborted && !(state.ownCancelWords && appError.code === 'CANCELLED')
      ? new AppError('CANCELLED', 'Cancelled.')
      : appError
  report(environment.io, shown, state.json)
  return exitCodeFor(shown.code)
}

/** Runs one command line; resolves to the exit code. Never throws. */
export async function runCli(argv: string[], given: CliEnvironment): Promise<number> {
  const state = { json: argv.includes('--json'), ownCancelWords: false }
  const logger = createLogger({
    level: argv.includes('--verbose') ? 'debug' : 'warn',
    sink: (line) => given.io.err(`${line}\n`),
    scope: 'cli',
  })
  // Why every write is masked: a service's answer printed as it came (an error, a transcript, a
  // request id) may echo the key; the terminal, a pipe or a CI log must not receive it.
  const io: CliIo = {
    out: (text) => given.io.out(logger.maskText(text)),
    err: (text) => given.io.err(logger.maskText(text)),
  }
  const environment: CliEnvironment = { ...given, io }
  try {
    const help = requestedHelp(argv)
    if (help !== null) {
      io.out(help)
      return EXIT.ok
    }
    const render = ownArgs(argv, 'render')
    if (render !== null) {
      state.ownCancelWords = true
      await runRender(render, environment, logger)
      return EXIT.ok
    }
    const voiceover = ownArgs(argv, 'voiceover')
    if (voiceover !== null) {
      await runVoiceover(voiceover, environment, logger)
      return EXIT.ok
    }
    return await runCommand(argv, environment, logger, state)
  } catch (error) {
    return failed(error, environment, logger, state)
  }
}
