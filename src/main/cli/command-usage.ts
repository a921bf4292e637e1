import { basename, extname } from 'node:path'
import { AppError } from '../../shared/errors'
import { usage } from './io'

/**
 * The first sentence of Node's argument-parser error. Why not all of it: the rest advises on `--`
 * and `=` syntax, which only confuses someone who mistyped an option.
 */
export function parseErrorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  return message.split(/\.\s/)[0]!.replace(/\.$/, '')
}

/** A usage error of `command` (exit 2): the message, then where to read the usage. */
export function commandUsage(command: string, message: string): AppError {
  return new AppError(
    'VALIDATION_FAILED',
    `${message} Run "voicedesk ${command} --help" for usage.`,
  )
}

/**
 * The format of an output file: `--format` when given, else the one its extension names, else
 * `fallback`. Why an unknown extension is refused: writing WAV bytes under `x.flac` gives a file
 * that no player opens as what its name says.
 */
export function formatForOutput<F extends string>(
  command: string,
  out: string,
  asked: string | undefined,
  fallback: F | null,
  formats: readonly F[],
): F {
  const isFormat = (value: string): value is F => (formats as readonly string[]).includes(value)
  const list = formats.join(', ')
  if (asked !== undefined) {
    const format = asked.toLowerCase()
    if (!isFormat(format)) throw commandUsage(command, `Unknown format "${asked}": choose ${list}.`)
    return format
  }
  const ext = extname(out).slice(1)
  const named = ext.toLowerCase()
  if (isFormat(named)) return named
  if (ext === '') {
    if (fallback !== null) return fallback
    throw commandUsage(
      command,
      `The output ${basename(out)} has no extension to tell the format: add one or give --format (${list}).`,
    )
  }
  throw commandUsage(
    command,
    `The output extension ".${ext}" is not a format VoiceDesk writes (${list}): rename the output, or give --format to choose one of them anyway.`,
  )
}

/**
 * The service's address and the plan asked for, for a command that calls it: `--base-url`/`--plan`,
 * else VOICEDESK_BASE_URL/VOICEDESK_PLAN; plan null when neither gives one (see chosenPlan). A
 * usage error when there is no address.
 */
export function serviceOptions(
  values: { 'base-url'?: unknown; plan?: unknown },
  env: Record<string, string | undefined>,
  command?: string,
): { baseUrl: string; plan: 'free' | 'paid' | null } {
  const fail = (message: string): AppError =>
    command === undefined ? usage(message) : commandUsage(command, message)
  const baseUrl = (values['base-url'] as string | undefined) ?? env.VOICEDESK_BASE_URL
  if (!baseUrl) throw fail('No service address: give --base-url or set VOICEDESK_BASE_URL.')
  const plan = (values.plan as string | undefined) ?? (env.VOICEDESK_PLAN || undefined)
  if (plan === undefined) return { baseUrl, plan: null }
  if (plan !== 'free' && plan !== 'paid') throw fail('--plan must be free or paid.')
  return { baseUrl, plan }
}
