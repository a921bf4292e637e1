import type { Clock } from '../core/clock'
import type { SignatureCheck } from '../core/webhooks/webhook-signature'
import {
  DEFAULT_TOLERANCE_SECONDS,
  verifyWebhookSignature,
} from '../core/webhooks/webhook-signature'
import { optionText, readInputFile, readInputFileAtMost } from './inputs'
import type { Values } from './inputs'
import { EXIT } from './exit-codes'
import type { CliIo } from './io'
import { printJson, usage } from './io'

/** What a command that needs no service receives. */
export interface LocalCommandContext {
  args: string[]
  values: Values
  io: CliIo
  env: Record<string, string | undefined>
  json: boolean
  clock: Clock
  /** Ctrl-C: a long import stops between two pages. */
  signal?: AbortSignal
  /** Whether stderr is a terminal (progress is drawn in place there). */
  isTTY?: boolean
}

/** Exit code of each way a signature can be refused (documented in docs/cli.md). */
export const SIGNATURE_EXIT: Record<Exclude<SignatureCheck, { valid: true }>['reason'], number> = {
  mismatch: EXIT.signatureMismatch,
  stale: EXIT.signatureStale,
  'malformed-header': EXIT.signatureMalformed,
}

/** The longest secret file read: a signing secret is a few dozen characters. */
const SECRET_FILE_MAX_BYTES = 4096

/**
 * Reads the secret from the file the user named, at most {@link SECRET_FILE_MAX_BYTES} (a FIFO
 * or a device cannot make it read forever), without its final line break. Never echoes its text.
 */
async function readSecretFile(path: string): Promise<string> {
  const { text, more } = await readInputFileAtMost(
    path,
    'secret file',
    SECRET_FILE_MAX_BYTES,
    'Save the webhook signing secret in a file only you can read and pass its path.',
  )
  if (more) {
    throw usage(
      `The secret file ${path} is longer than ${SECRET_FILE_MAX_BYTES} bytes, too long for a webhook secret. Check that it is the right file.`,
    )
  }
  return text.replace(/\r?\n$/, '')
}

/**
 * The webhook secret, from `--secret-file` or else VOICEDESK_WEBHOOK_SECRET. Why never from
 * `--secret VALUE`: a command line is readable by every user of the machine (`ps`, /proc) and
 * lands in the shell history, so the option is refused with the two ways that stay private.
 */
async function webhookSecret(c: LocalCommandContext): Promise<string> {
  if (c.values.secret !== undefined) {
    throw usage(
      "--secret is refused: a secret on the command line can be read by anyone who lists this machine's processes. Put it in a file only you can read and pass --secret-file FILE, or set VOICEDESK_WEBHOOK_SECRET.",
    )
  }
  const path = optionText(c.values, 'secret-file')
  if (path === '') throw usage('--secret-file needs the path of the file that holds the secret.')
  const secret = path === undefined ? c.env.VOICEDESK_WEBHOOK_SECRET : await readSecretFile(path)
  if (secret === undefined || secret.trim() === '') {
    throw usage(
      path === undefined
        ? 'Give the webhook secret with --secret-file FILE (or set VOICEDESK_WEBHOOK_SECRET).'
        : `The secret file ${path} is empty. Save the webhook signing secret in it.`,
    )
  }
  return secret
}

/**
 * `webhooks verify --secret-file F --header 't=…,v1=…' --body FILE [--tolerance 300] [--json]`
 * (or the secret in VOICEDESK_WEBHOOK_SECRET): resolves to the exit code (0 valid; a code per
 * refusal reason). The secret is never printed.
 */
export async function webhooksVerify(c: LocalCommandContext): Promise<number> {
  // Why no echo of the argument: a secret typed without an option would land in the message.
  if (c.args.length > 0) throw usage('"webhooks verify" takes only options, no other arguments.')
  const secret = await webhookSecret(c)
  const header = optionText(c.values, 'header')
  if (header === undefined) throw usage('--header is required (the signature header as received).')
  const bodyPath = optionText(c.values, 'body')
  if (bodyPath === undefined || bodyPath === '') throw usage('--body FILE is required.')
  const toleranceText = optionText(c.values, 'tolerance')
  if (toleranceText !== undefined && !/^\d{1,9}$/.test(toleranceText.trim())) {
    throw usage(`--tolerance is a whole number of seconds, 0 or more (not "${toleranceText}").`)
  }
  const toleranceSeconds =
    toleranceText === undefined ? DEFAULT_TOLERANCE_SECONDS : Number(toleranceText)
  const rawBody = await readInputFile(
    bodyPath,
    'body file',
    'Save the request body exactly as received and pass its path.',
  )
  const check = verifyWebhookSignature({
    secret,
    header,
    rawBody,
    nowSeconds: Math.floor(c.clock.now() / 1000),
    toleranceSeconds,
  })
  if (c.json) printJson(c.io, check)
  if (check.valid) {
    if (!c.json) c.io.out('valid\n')
    return EXIT.ok
  }
  c.io.err(`voicedesk: ${check.message}\n`)
  return SIGNATURE_EXIT[check.reason]
}
