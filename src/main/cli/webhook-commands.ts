import type { Clock } from '../core/clock'
import type { SignatureCheck } from '../core/webhooks/webhook-signature'
import {
  DEFAULT_TOLERANCE_SECONDS,
  verifyWebhookSignature,
} from '../core/webhooks/webhook-signature'
import { optionText, readInputFile } from './inputs'
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
}

/** Exit code of each way a signature can be refused (documented in docs/cli.md). */
export const SIGNATURE_EXIT: Record<Exclude<SignatureCheck, { valid: true }>['reason'], number> = {
  mismatch: EXIT.signatureMismatch,
  stale: EXIT.signatureStale,
  'malformed-header': EXIT.signatureMalformed,
}

/**
 * `webhooks verify --secret S --header 't=…,v1=…' --body FILE [--tolerance 300] [--json]`:
 * resolves to the exit code (0 valid; a code per refusal reason). The secret is never printed.
 */
export async function webhooksVerify(c: LocalCommandContext): Promise<number> {
  // Why no echo of the argument: a secret typed without --secret would land in the message.
  if (c.args.length > 0) throw usage('"webhooks verify" takes only options, no other arguments.')
  const secret = optionText(c.values, 'secret') ?? c.env.VOICEDESK_WEBHOOK_SECRET
  if (secret === undefined || secret === '') {
    throw usage('Give the webhook secret with --secret S (or set VOICEDESK_WEBHOOK_SECRET).')
  }
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
