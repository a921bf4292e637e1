import { basename } from 'node:path'
import { isFinalConversationStatus } from '../../shared/domain/conversation'
import type { ConversationEvaluation } from '../../shared/domain/conversation'
import { SAMPLE_CONTENT_TYPES, VOICE_GENDERS } from '../../shared/domain/voice'
import type { VoiceGender } from '../../shared/domain/voice'
import { AppError } from '../../shared/errors'
import { sniffAudioExtension } from '../core/audio/check'
import type { Clock } from '../core/clock'
import { sleep, systemClock } from '../core/clock'
import type { UpstreamClient } from '../core/upstream/upstream-client'
import { optionText, readInputFile } from './inputs'
import type { Values } from './inputs'
import type { CliIo } from './io'
import { evaluationLine, messageLine, printJson, usage } from './io'
import { voiceTable } from './voice-table'

/** Parsed option values (strings and booleans) of one command. */
export type { Values } from './inputs'

/** What every command receives. */
export interface CommandContext {
  client: UpstreamClient
  args: string[]
  values: Values
  io: CliIo
  signal: AbortSignal
  json: boolean
  /** Poll interval of `conversation watch` (1 s; tests shorten it). */
  pollMs?: number
  /** Clock of `conversation watch`'s polling (default: the system clock; tests move a manual one). */
  clock?: Clock
  /** stderr is a terminal: progress may be redrawn in place. */
  isTTY?: boolean
}

/** An option the command cannot do without: its text, or a usage error naming it. */
export function required(values: Values, name: string): string {
  const v = optionText(values, name)
  if (v === undefined || v.trim() === '') throw usage(`--${name} is required.`)
  return v
}

function oneId(args: string[], what: string): string {
  if (args.length !== 1 || args[0]!.trim() === '') throw usage(`Give exactly one ${what} id.`)
  return args[0]!
}

/** `voices list` */
export async function voicesList(c: CommandContext): Promise<void> {
  const voices = await c.client.listVoices({ signal: c.signal })
  if (c.json) printJson(c.io, { voices })
  else c.io.out(voiceTable(voices))
}

/** `voices create` */
export async function voicesCreate(c: CommandContext): Promise<void> {
  const gender = required(c.values, 'gender')
  if (!(VOICE_GENDERS as readonly string[]).includes(gender)) {
    throw usage(`--gender must be one of ${VOICE_GENDERS.join(', ')}.`)
  }
  const samplePath = required(c.values, 'sample')
  const bytes = await readInputFile(samplePath, 'sample file')
  const locale = optionText(c.values, 'locale')
  const voice = await c.client.createVoice({
    name: required(c.values, 'name'),
    gender: gender as VoiceGender,
    ...(locale ? { locale } : {}),
    sample: {
      bytes,
      fileName: basename(samplePath),
      contentType: SAMPLE_CONTENT_TYPES[sniffAudioExtension(bytes)],
    },
    consent: {
      fullName: required(c.values, 'consent-name'),
      email: required(c.values, 'consent-email'),
    },
    signal: c.signal,
  })
  if (c.json) printJson(c.io, { voice })
  else c.io.out(`Created personal voice ${voice.displayName} (id ${voice.id}).\n`)
}

/** `voices delete ID` */
export async function voicesDelete(c: CommandContext): Promise<void> {
  const id = oneId(c.args, 'voice')
  await c.client.deleteVoice(id, { signal: c.signal })
  if (c.json) printJson(c.io, { deleted: id })
  else c.io.out(`Deleted voice ${id}.\n`)
}

/** `voices sample ID --out FILE` */
export async function voicesSample(c: CommandContext): Promise<void> {
  const id = oneId(c.args, 'voice')
  const file = await c.client.downloadVoiceSample(id, required(c.values, 'out'), {
    signal: c.signal,
  })
  if (c.json) printJson(c.io, { file })
  else
    c.io.out(
      `Saved the sample of ${id} to ${file.path} (${file.bytes} bytes, ${file.extension}).\n`,
    )
}

/** `conversation show ID` */
export async function conversationShow(c: CommandContext): Promise<void> {
  const id = oneId(c.args, 'conversation')
  const conversation = await c.client.getConversation(id, { signal: c.signal })
  const messages = await c.client.listMessages(id, { signal: c.signal })
  const evaluations = isFinalConversationStatus(conversation.status)
    ? await c.client.listEvaluations(id, { signal: c.signal })
    : []
  if (c.json) {
    printJson(c.io, { conversation, messages, evaluations })
    return
  }
  c.io.out(
    `Conversation ${conversation.id}: ${conversation.status}${conversation.endReason ? ` (${conversation.endReason})` : ''}\n`,
  )
  for (const m of messages) c.io.out(`${messageLine(m)}\n`)
  if (evaluations.length > 0) {
    c.io.out('Evaluations:\n')
    for (const e of evaluations) c.io.out(`${evaluationLine(e)}\n`)
  }
}

/**
 * `conversation watch ID`: polls once a second while not final, prints each new turn once, then
 * waits (bounded) for the evaluations, prints them, and stops by itself.
 */
export async function conversationWatch(c: CommandContext): Promise<void> {
  const id = oneId(c.args, 'conversation')
  const pollMs = c.pollMs ?? 1000
  const clock = c.clock ?? systemClock
  const printed = new Set<string>()
  let lastStatus = ''
  let conversation = await c.client.getConversation(id, { signal: c.signal })
  const messages = []
  for (;;) {
    if (conversation.status !== lastStatus) {
      lastStatus = conversation.status
      if (!c.json) c.io.out(`Status: ${conversation.status}\n`)
    }
    for (const m of await c.client.listMessages(id, { signal: c.signal })) {
      if (printed.has(m.id)) continue
      printed.add(m.id)
      messages.push(m)
      if (!c.json) c.io.out(`${messageLine(m)}\n`)
    }
    if (isFinalConversationStatus(conversation.status)) break
    // Unknown statuses are shown and polled more slowly (upstream-api.md).
    const known = ['pending', 'active'].includes(conversation.status)
    await sleep(clock, known ? pollMs : pollMs * 5, c.signal).catch(() => {
      throw new AppError('CANCELLED', 'Stopped watching.')
    })
    conversation = await c.client.getConversation(id, { signal: c.signal })
  }
  // Evaluations are written shortly after the end: poll for them, for at most 60 polls.
  let evaluations: ConversationEvaluation[] = []
  for (let i = 0; i < 60; i++) {
    evaluations = await c.client.listEvaluations(id, { signal: c.signal })
    if (evaluations.length > 0) break
    await sleep(clock, pollMs, c.signal).catch(() => {
      throw new AppError('CANCELLED', 'Stopped watching.')
    })
  }
  if (c.json) {
    printJson(c.io, { conversation, messages, evaluations })
    return
  }
  if (evaluations.length === 0) c.io.out('No evaluations yet.\n')
  else {
    c.io.out('Evaluations:\n')
    for (const e of evaluations) c.io.out(`${evaluationLine(e)}\n`)
  }
}
