import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  MAX_BLOCK_TEXT,
  MAX_BLOCKS,
  MAX_CAST_ENTRIES,
  MAX_LEXICON_ENTRIES,
  MAX_SCRIPT_TEXT,
  PROJECT_FILE_FORMAT,
  PROJECT_FILE_VERSION,
  projectSchema,
} from '../../shared/domain/script'
import type { Result } from '../../shared/errors'
import { invokes } from '../../shared/ipc/contract'
import { APP_SENDER, createTestRuntime } from '../test-support'
import type { Emit } from './dispatch'
import { measureMessage } from '../../shared/ipc/message-size'

// Over-limit inputs go through the real dispatcher (the one ipcMain and the e2e browser host
// run). Each test also proves the refusal came before the expensive part: the parts that would
// have failed to parse are not reported, because they were never parsed. The script's big
// channel is `script:saveDraft` (the page's changes to main's copy; every other script operation
// names the document by id), so the script limits are checked on it.

const noEmit: Emit = () => {}
let env: Awaited<ReturnType<typeof createTestRuntime>>
/** A document open in main, which the changes below are sent to. */
let docId: string
beforeAll(async () => {
  env = await createTestRuntime()
  const opened = await env.runtime.dispatch('script:new', undefined, APP_SENDER, noEmit)
  if (!opened.ok) throw new Error('no document')
  docId = (opened.data as { docId: string }).docId
})
afterAll(async () => {
  await env.cleanup()
})

function project(parts: Record<string, unknown>): Record<string, unknown> {
  return { format: PROJECT_FILE_FORMAT, version: PROJECT_FILE_VERSION, blocks: [], ...parts }
}

/** A `script:saveDraft` input: changes to the open document. */
function draft(changes: { meta?: Record<string, unknown>; blocks?: unknown[] }) {
  return { docId, changes: { blocks: [], ...changes } }
}

function refusal(result: Result<unknown>) {
  expect(result.ok).toBe(false)
  if (result.ok) throw new Error('accepted')
  expect(result.error.code).toBe('VALIDATION_FAILED')
  return { ...result.error, fields: result.error.details?.fields ?? {} }
}

/** What the real dispatcher answers the app's window for `input` on `channel`: a refusal. */
async function refusalOf(channel: Parameters<typeof env.runtime.dispatch>[0], input: unknown) {
  return refusal(await env.runtime.dispatch(channel, input, APP_SENDER, noEmit))
}

describe('input limits through the dispatcher', () => {
  it('refuses a cast of 1,000,000 speakers by its count, without parsing one entry', async () => {
    // Every voice id is empty, so any parsed entry would add its own field error. Why numbered
    // names ("0", "1"…): building a million other names costs the test itself seconds (the cost
    // Electron's deserializer pays before main sees the message), not the code under test.
    const cast: Record<string, string> = {}
    for (let i = 0; i < 1_000_000; i += 1) cast[i] = ''
    const error = await refusalOf('script:saveDraft', draft({ meta: { cast } }))
    expect(error.message).toBe(
      `A cast can have at most ${MAX_CAST_ENTRIES} speakers; this one has 1,000,000.`,
    )
    expect(Object.keys(error.fields)).toEqual(['changes.meta.cast'])
    expect(error.details?.limit).toEqual({ maximum: MAX_CAST_ENTRIES })
  })

  it('refuses a message over its total size before parsing it', async () => {
    // One 1 MB block sent 80 times (one object, many references): small to build, but the
    // handler would read 80 MB, so it weighs 80 MB. The bad title would fail the parse.
    const block = { id: 'b1', text: 'x'.repeat(1_000_000) }
    const input = {
      docId,
      changes: { meta: { title: 42 }, blocks: new Array<unknown>(80).fill(block) },
    }
    const error = await refusalOf('script:saveDraft', input)
    expect(error.message).toBe(
      'A script can be at most 75.4 MB when it is sent to VoiceDesk; this one is larger.',
    )
    expect(Object.keys(error.fields)).toEqual(['input'])
    expect(error.details?.limit).toEqual({ maximum: invokes['script:saveDraft'].limits.maxBytes })
  })

  it('counts binary data by its byteLength', async () => {
    const error = await refusalOf('account:setApiKey', { apiKey: new Uint8Array(100 * 1024) })
    expect(error.message).toBe(
      'This request can be at most 64 KB when it is sent to VoiceDesk; this one is larger.',
    )
    const sample = await refusalOf('voices:stageSample', {
      fileName: 'take.wav',
      bytes: new Uint8Array(10 * 1024 * 1024 + 1),
    })
    expect(sample.message).toBe(
      'A voice sample can be at most 10,485,760 bytes; this one is 10,485,761 bytes.',
    )
  })

  it('names the limit of an over-long string', async () => {
    const block = { id: 'b1', text: 'x'.repeat(MAX_BLOCK_TEXT + 1) }
    const error = await refusalOf('script:saveDraft', draft({ blocks: [block] }))
    expect(error.message).toBe(
      'A block can have at most 1,000,000 characters; this one has 1,000,001.',
    )
    expect(error.fields).toEqual({ 'changes.blocks.0.text': error.message })

    const dropped = await refusalOf('script:importDropped', {
      fileName: 'book.txt',
      text: 'y'.repeat(MAX_SCRIPT_TEXT + 1),
    })
    expect(dropped.message).toBe(
      'A script file can have at most 20,971,520 characters; this one has 20,971,521.',
    )

    // A field without its own wording still gets the limit in plain words.
    const named = await refusalOf('voices:downloadSample', {
      voiceId: 'v1',
      voiceName: 'n'.repeat(300),
    })
    expect(named.message).toBe('"voiceName" can have at most 200 characters; this one has 300.')
  })

  it('refuses too many blocks by their count, without parsing one block', async () => {
    // The same invalid block 100,001 times: any parsed block would report its own text field.
    const blocks = new Array<unknown>(MAX_BLOCKS + 1).fill({ id: 'b', text: 42 })
    const error = await refusalOf('script:saveDraft', draft({ blocks }))
    expect(error.message).toBe('A script can have at most 100,000 blocks; this one has 100,001.')
    expect(Object.keys(error.fields)).toEqual(['changes.blocks'])
  })

  it('refuses a script whose blocks hold more text than the largest script', async () => {
    const text = 'z'.repeat(MAX_BLOCK_TEXT)
    const blocks = Array.from({ length: 21 }, (_, i) => ({ id: `b${i}`, text }))
    const error = await refusalOf('script:saveDraft', draft({ blocks }))
    expect(error.message).toBe(
      'A script can have at most 20,971,520 characters of text; this one has 21,000,000.',
    )
  })

  it('a script at every count limit at once still fits the size of a script message', () => {
    // Real-world fields: UUID ids, a speaker, a chapter heading, text adding up to the largest
    // script; a full cast and lexicon.
    const text = 'w'.repeat(Math.floor(MAX_SCRIPT_TEXT / MAX_BLOCKS))
    const blocks = Array.from({ length: MAX_BLOCKS }, (_, i) => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      text,
      ssml: false,
      speaker: 'NARRATOR',
      chapter: 'Chapter 12: The harbour at night',
      endsParagraph: true,
    }))
    const cast = Object.fromEntries(
      Array.from({ length: MAX_CAST_ENTRIES }, (_, i) => [`Speaker ${i}`, `voice_${i}_abcdefgh`]),
    )
    const lexicon = Array.from({ length: MAX_LEXICON_ENTRIES }, (_, i) => ({
      term: `Term number ${i}`,
      alias: `an alias spoken for term number ${i}`,
      matchCase: false,
    }))
    const whole = project({ title: 'Harbour', cast, lexicon, blocks })
    expect(projectSchema.safeParse(whole).success).toBe(true)
    // The whole script as one change, as the page sends it when main asks for all of it.
    const input = {
      docId: '00000000-0000-4000-8000-000000000000',
      changes: {
        meta: { title: 'Harbour', cast, lexicon },
        order: blocks.map((b) => b.id),
        blocks,
      },
    }
    const { maxBytes } = invokes['script:saveDraft'].limits
    expect(measureMessage(input, maxBytes)).toBeLessThanOrEqual(maxBytes)
  })
})
