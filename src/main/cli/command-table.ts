import type { ParseArgsConfig } from 'node:util'
import type { CommandContext } from './commands'
import * as commands from './commands'
import { conversationExport, conversationList } from './conversation-list-commands'
import { conversationStats } from './conversation-stats-command'
import { usage } from './io'
import { RENDER_OPTIONS } from './render-arguments'
import type { LocalCommandContext } from './webhook-commands'
import { webhooksVerify } from './webhook-commands'
import { speak } from './speak-command'
import { importCommand } from './import-command'

type Command = (c: CommandContext) => Promise<void>

/** A command that works on local input only: no service, no address, no key. Resolves to its exit code. */
type LocalCommand = (c: LocalCommandContext) => Promise<number>

/**
 * Each command and the options it accepts besides the global ones. `ownCancelWords`: its CANCELLED
 * message says what became of its files, so it is shown instead of a bare "Cancelled."
 */
export type CommandEntry =
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
    run: speak,
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
  import: {
    local: importCommand,
    options: ['json', 'out', 'footnotes', 'pages', 'password-file', 'rules'],
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
  'conversation stats': {
    run: conversationStats,
    options: ['json', 'agent', 'since', 'until', 'by'],
  },
  'webhooks verify': {
    local: webhooksVerify,
    // `secret` is read only to be refused with the private ways to pass one.
    options: ['json', 'secret', 'secret-file', 'header', 'body', 'tolerance'],
  },
}

const GLOBAL = ['base-url', 'plan', 'verbose', 'help']

export const OPTIONS: NonNullable<ParseArgsConfig['options']> = {
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
  by: { type: 'string' },
  secret: { type: 'string' },
  'secret-file': { type: 'string' },
  header: { type: 'string' },
  body: { type: 'string' },
  tolerance: { type: 'string' },
  footnotes: { type: 'string' },
  pages: { type: 'string' },
  'password-file': { type: 'string' },
  rules: { type: 'string' },
}

/** Every option any command takes: enough to read a command line without refusing it. */
export const ANY_OPTION: NonNullable<ParseArgsConfig['options']> = { ...OPTIONS, ...RENDER_OPTIONS }

/**
 * The command the first words name, with its own arguments; a usage error for an unknown
 * command, a stray argument, or an option the command does not take.
 */
export function chosenCommand(
  positionals: string[],
  values: Record<string, unknown>,
): { name: string; command: CommandEntry; args: string[] } {
  const [first = '', second = ''] = positionals
  const oneWord = first === 'speak' || first === 'import'
  const name = oneWord ? first : `${first} ${second}`
  const command = COMMANDS[name]
  if (!command) {
    // Why not echo a second word after "webhooks": it may be a secret given without --secret.
    const typed = first === 'webhooks' ? 'webhooks …' : positionals.slice(0, 2).join(' ')
    throw usage(`Unknown command "${typed}".`)
  }
  const args = positionals.slice(oneWord ? 1 : 2)
  if (name === 'speak' && args.length > 0) throw usage(`Unexpected argument "${args[0]}".`)
  for (const option of Object.keys(values)) {
    if (!GLOBAL.includes(option) && !command.options.includes(option)) {
      throw usage(`"${name}" does not take --${option}.`)
    }
  }
  return { name, command, args }
}
