import { describe, expect, it } from 'vitest'
import { probeAudio } from '../testing/audio-probe.js'
import { errorOf, useTestSandbox } from '../testing/sandbox-client.js'
import { streamFormat } from './stream-route.js'

const TEXT =
  'Streaming speech arrives in small pieces, one after another, until the sentence is complete.'

/** Whoever waits for the sandbox's next log line (its notable events). */
const logListeners = new Set<(line: string) => void>()

const t = useTestSandbox({
  stream: { ttfbMs: 50, chunkBytes: 2048, chunkIntervalMs: 10 },
  log: (line) => {
    for (const listener of [...logListeners]) listener(line)
  },
})

/** The sandbox's next log line matching `pattern`. */
function nextLogLine(pattern: RegExp): Promise<string> {
  return new Promise((resolve) => {
    const listener = (line: string): void => {
      if (!pattern.test(line)) return
      logListeners.delete(listener)
      resolve(line)
    }
    logListeners.add(listener)
  })
}

/** Reads a streamed body, timing each chunk. */
async function readChunks(
  response: Response,
): Promise<{ bytes: Buffer; chunks: number; spanMs: number }> {
  const reader = response.body?.getReader()
  if (!reader) throw new Error('no body')
  const parts: Uint8Array[] = []
  let first = 0
  let last = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    const now = performance.now()
    if (parts.length === 0) first = now
    last = now
    parts.push(value)
  }
  return { bytes: Buffer.concat(parts), chunks: parts.length, spanMs: last - first }
}

function stream(
  accept?: string,
  headers: Record<string, string> = {},
  input = TEXT,
): Promise<Response> {
  return t.call('/v1/audio/stream', {
    json: { input, voice_id: 'liam' },
    headers: { ...(accept ? { Accept: accept } : {}), ...headers },
  })
}

describe('POST /v1/audio/stream', () => {
  it('sends chunked audio/mpeg over time when Accept is absent', async () => {
    const response = await stream()
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('audio/mpeg')
    expect(response.headers.get('content-length')).toBeNull()
    expect(response.headers.get('transfer-encoding')).toBe('chunked')
    const { bytes, chunks, spanMs } = await readChunks(response)
    expect(chunks).toBeGreaterThan(3)
    expect(spanMs).toBeGreaterThan(20)
    const probe = await probeAudio(bytes, 'mp3')
    expect(probe.codec).toBe('mp3')
    expect(probe.sampleRate).toBe(24000)
    expect(probe.decodedSeconds).toBeGreaterThan(3)
  })

  it.each([
    ['audio/ogg', 'audio/ogg', 'ogg', 'vorbis'],
    ['audio/aac', 'audio/aac', 'aac', 'aac'],
    ['audio/pcm', 'audio/L16;rate=24000;channels=1', 'pcm', 'pcm_s16le'],
    ['audio/wav', 'audio/mpeg', 'mp3', 'mp3'],
    ['text/html', 'audio/mpeg', 'mp3', 'mp3'],
  ])('Accept %s -> %s', async (accept, contentType, extension, codec) => {
    const response = await stream(accept)
    expect(response.headers.get('content-type')).toBe(contentType)
    const { bytes } = await readChunks(response)
    const probe = await probeAudio(bytes, extension)
    expect(probe.codec).toBe(codec)
    expect(probe.sampleRate).toBe(24000)
    expect(probe.channels).toBe(1)
  })

  it('matches the speech endpoint in duration (same voice, same text)', async () => {
    const pcm = await readChunks(await stream('audio/pcm'))
    const speech = await t.speech({ input: TEXT, voice_id: 'liam', audio_format: 'pcm' })
    const streamed = pcm.bytes.length / 48000
    const spoken = speech.json.speech_marks.end_time / 1000
    expect(Math.abs(streamed - spoken) / spoken).toBeLessThan(0.1)
  })

  it('sends the first bytes of a long text long before the whole text could be synthesized', async () => {
    const long = 'This is one of many sentences in a long narration. '.repeat(120)
    const started = performance.now()
    const response = await stream('audio/pcm', {}, long)
    const reader = response.body?.getReader()
    const first = await reader?.read()
    const firstByteMs = performance.now() - started
    expect(first?.value?.length).toBeGreaterThan(0)
    await reader?.cancel()
    // About 7 minutes of speech: the first piece is a dozen words.
    expect(firstByteMs).toBeLessThan(5000)
  })

  it('accepts 20,000 code points but not more', async () => {
    const long = await stream(
      undefined,
      { 'X-Sandbox-Fault': 'truncate=1024' },
      'word '.repeat(4000),
    )
    expect(long.status).toBe(200)
    expect((await readChunks(long)).bytes.length).toBe(1024)
    const tooLong = await stream(undefined, {}, 'x'.repeat(20_001))
    expect(tooLong.status).toBe(400)
    const error = await errorOf(tooLong)
    expect(error.code).toBe('validation_failed')
    expect(error.fields?.['input']).toMatch(/20000/)
  })

  it('picks the first streamable type in Accept and skips q=0', () => {
    expect(streamFormat('audio/ogg, audio/mpeg')).toBe('ogg')
    expect(streamFormat('audio/ogg;q=0, audio/aac')).toBe('aac')
    expect(streamFormat('audio/L16;rate=24000')).toBe('pcm')
    expect(streamFormat('*/*')).toBe('mp3')
    expect(streamFormat(undefined)).toBe('mp3')
  })
})

describe('stream faults', () => {
  it('truncation ends the stream cleanly after N bytes', async () => {
    const full = await readChunks(await stream('audio/pcm'))
    const response = await stream('audio/pcm', { 'X-Sandbox-Fault': 'truncate=5000' })
    expect(response.status).toBe(200)
    const cut = await readChunks(response)
    expect(cut.bytes.length).toBe(5000)
    expect(full.bytes.length).toBeGreaterThan(20000)
  })

  it('a stall sends N bytes then nothing, with the connection left open', async () => {
    const stalled = nextLogLine(/stalled after/)
    // Logged once answered, or once the client went away: whichever comes first tells which.
    const logged = t.sandbox.nextRequest({ pathPrefix: '/v1/audio/stream' })
    const response = await stream('audio/mpeg', { 'X-Sandbox-Fault': 'stall=3000' })
    const reader = response.body?.getReader()
    if (!reader) throw new Error('no body')
    // The sandbox says when it stops writing for good: what it sent is then all on its way.
    const line = await stalled
    expect(line).toContain(
      `stream ${response.headers.get('x-request-id')} stalled after 3000 bytes`,
    )
    let received = 0
    while (received < 3000) {
      const next = await reader.read()
      expect(next.done).toBe(false)
      received += next.value?.length ?? 0
    }
    expect(received).toBe(3000)
    // Left open, not ended: only when the client gives up is it logged, as never finished.
    await reader.cancel()
    expect(await logged).toMatchObject({ status: 200, aborted: true })
  })

  it('run-wide stall and truncate settings apply to every stream', async () => {
    t.sandbox.setFaults({ truncateAfterBytes: 777 })
    try {
      expect((await readChunks(await stream('audio/pcm'))).bytes.length).toBe(777)
    } finally {
      t.sandbox.clearFaults()
    }
    expect((await readChunks(await stream('audio/pcm'))).bytes.length).toBeGreaterThan(777)
  })

  it('time to first byte follows the ttfb fault', async () => {
    const started = performance.now()
    const response = await stream('audio/pcm', { 'X-Sandbox-Fault': 'ttfb=700' })
    await readChunks(response)
    expect(performance.now() - started).toBeGreaterThanOrEqual(700)
  })
})
