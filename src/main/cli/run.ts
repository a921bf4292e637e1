import { parseArgs } from 'node:util'
import type { ParseArgsConfig } from 'node:util'
import { PLAN_LIMITS } from '../../shared/domain/account'
import { AppError } from '../../shared/errors'
import { createLogger } from '../core/log/logger'
import { runRenderCommand } from '../core/narration/cli-render'
import type { Logger } from '../core/log/logger'
import type { SecretStore } from '../core/secrets/secret-store'
import type { Credential } from '../core/upstream/context'
import { createUpstreamClient } from '../core/upstream/upstream-client'
import type { CommandContext } from './commands'
import * as commands from './commands'
import { EXIT, HELP, exitCodeFor } from './exit-codes'
import type { CliIo } from './io'
import { printJson, usage } from './io'

type Command = (c: CommandContext) => Promise<void>

/** Each command, the options it accepts besides the global ones, and how many ids it takes. */
const COMMANDS: Record<string, { run: Command; options: string[] }> = {
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
}

/** What the CLI needs from its surroundings (the real process, or a test). */
export interface CliEnvironment {
  io: CliIo
  env: Record<string, string | undefined>
  signal: AbortSignal
  /** The app's keychain, used when no credential is in the environment. */
  secrets?: () => Promise<SecretStore>
  /** Shorter polls for tests. */
  pollMs?: number
}

/** Environment first (VOICEDESK_API_KEY, then VOICEDESK_ACCESS_TOKEN), else the app's keychain. */
async function resolveCliCredential(
  env: CliEnvironment,
  logger: Logger,
): Promise<Credential | null> {
  const key = env.env.VOICEDESK_API_KEY?.trim()
  if (key) return { kind: 'apiKey', secret: key }
  const token = env.env.VOICEDESK_ACCESS_TOKEN?.trim()
  if (token) return { kind: 'accessToken', secret: token }
  if (!env.secrets) return null
  try {
    const store = await env.secrets()
    const stored = await store.get('api-key')
    if (stored) return { kind: 'apiKey', secret: stored }
    const storedToken = await store.get('access-token')
    if (storedToken) return { kind: 'accessToken', secret: storedToken }
  } catch (error) {
    logger.debug('keychain not available', { error })
  }
  return null
}

/** Writes an error: one sentence (plus the request id) on stderr; with --json, also a document on stdout. */
function report(io: CliIo, error: AppError, json: boolean): void {
  const requestId = error.details?.requestId
  io.err(`voicedesk: ${error.message}${requestId ? ` (request id: ${requestId})` : ''}\n`)
  if (json) printJson(io, { ok: false, error: error.toData() })
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
  // `render` has its own options (narration engine): delegated whole, same credentials and codes.
  if (argv[0] === 'render') {
    return runRenderCommand(argv.slice(1), {
      out: (text) => io.out(text),
      err: (text) => io.err(text),
      isTTY: process.stderr.isTTY,
      columns: process.stderr.columns,
      env: environment.env,
      createClient: ({ baseUrl, plan }) =>
        createUpstreamClient({
          baseUrl,
          credential: () => resolveCliCredential(environment, logger),
          limits: PLAN_LIMITS[plan],
          logger,
          userAgent: 'VoiceDesk-CLI',
        }),
      onInterrupt: (handler) => {
        environment.signal.addEventListener('abort', handler)
        return () => environment.signal.removeEventListener('abort', handler)
      },
      exitCodeFor,
    })
  }
  try {
    let parsed
    try {
      parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true })
    } catch (error) {
      throw usage(`${(error as Error).message}.`)
    }
    const { values, positionals } = parsed
    json = values.json === true
    if (values.help === true || positionals.length === 0) {
      io.out(HELP)
      return positionals.length === 0 && values.help !== true ? EXIT.usage : EXIT.ok
    }
    const [first = '', second = ''] = positionals
    const name = first === 'speak' ? 'speak' : `${first} ${second}`
    const command = COMMANDS[name]
    if (!command) throw usage(`Unknown command "${positionals.slice(0, 2).join(' ')}".`)
    const args = positionals.slice(name === 'speak' ? 1 : 2)
    if (name === 'speak' && args.length > 0) throw usage(`Unexpected argument "${args[0]}".`)
    for (const option of Object.keys(values)) {
      if (!GLOBAL.includes(option) && !command.options.includes(option)) {
        throw usage(`"${name}" does not take --${option}.`)
      }
    }
    const baseUrl = (values['base-url'] as string | undefined) ?? environment.env.VOICEDESK_BASE_URL
    if (!baseUrl) throw usage('No service address: give --base-url or set VOICEDESK_BASE_URL.')
    const plan = (values.plan as string | undefined) ?? environment.env.VOICEDESK_PLAN ?? 'free'
    if (plan !== 'free' && plan !== 'paid') throw usage('--plan must be free or paid.')
    const client = createUpstreamClient({
      baseUrl,
      credential: () => resolveCliCredential(environment, logger),
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
    report(
      io,
      environment.signal.aborted ? new AppError('CANCELLED', 'Cancelled.') : appError,
      json,
    )
    return environment.signal.aborted ? EXIT.cancelled : exitCodeFor(appError.code)
  } finally {
    close()
  }
}
