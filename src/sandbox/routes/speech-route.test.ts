import { describe, expect, it } from 'vitest'
import { measureLufs, medianPitch, probeAudio, zeroCrossingRate } from '../testing/audio-probe.js'
import { errorOf, useTestSandbox } from '../testing/sandbox-client.js'

const SENTENCE = 'Hello, welcome to the studio. Today we record a short narration about voices.'

const t = useTestSandbox()

describe('POST /v1/audio/speech formats', () => {
  const cases = [
    { format: 'wav', codec: 'pcm_s16le' },
    { format: 'mp3', codec: 'mp3' },
    { format: 'ogg', codec: 'vorbis' },
    { format: 'aac', codec: 'aac' },
    { format: 'pcm', codec: 'pcm_s16le' },
  ] as const

  for (const { format, codec } of cases) {
    it(`${format}: a ${codec} file at 24 kHz mono whose length matches the speech marks`, async () => {
      const { response, json } = await t.speech({
        input: SENTENCE,
        voice_id: 'george',
        audio_format: format,
      })
      expect(response.status).toBe(200)
      expect(json.audio_format).toBe(format)
      const bytes = Buffer.from(json.audio_data, 'base64')
      const probe = await probeAudio(bytes, format)
      expect(probe.codec).toBe(codec)
      expect(probe.sampleRate).toBe(24000)
      expect(probe.channels).toBe(1)
      const marksEnd = json.speech_marks.end_time / 1000
      expect(marksEnd).toBeGreaterThan(3)
      expect(Math.abs(probe.decodedSeconds - marksEnd) / marksEnd).toBeLessThan(0.05)
      if (format !== 'aac')
        expect(Math.abs(probe.probedSeconds - marksEnd) / marksEnd).toBeLessThan(0.05)
      if (format === 'pcm') expect(bytes.subarray(0, 4).toString('latin1')).not.toBe('RIFF')
      if (format === 'aac') expect(bytes[0]).toBe(0xff)
    })
  }

  it('defaults to wav', async () => {
    const { json } = await t.speech({ input: 'Default format please.', voice_id: 'emma' })
    expect(json.audio_format).toBe('wav')
    expect(Buffer.from(json.audio_data, 'base64').subarray(0, 4).toString('latin1')).toBe('RIFF')
  })
})

describe('speech marks', () => {
  it('has one word chunk per spoken word, with offsets into the input and increasing times', async () => {
    const input = 'Hello, welcome to the studio — it’s   great.'
    const { json } = await t.speech({ input, voice_id: 'george' })
    const marks = json.speech_marks
    expect(marks.type).toBe('sentence')
    const words = marks.chunks.map((chunk) => input.slice(chunk.start, chunk.end))
    expect(words).toEqual(['Hello,', 'welcome', 'to', 'the', 'studio', 'it’s', 'great.'])
    expect(marks.chunks.every((chunk) => chunk.type === 'word')).toBe(true)
    expect(marks.chunks[5]?.value).toBe("it's")
    for (let i = 1; i < marks.chunks.length; i++) {
      const previous = marks.chunks[i - 1]
      const chunk = marks.chunks[i]
      expect(chunk?.start_time).toBeGreaterThanOrEqual(previous?.end_time ?? Infinity)
      expect(chunk?.end_time).toBeGreaterThan(chunk?.start_time ?? Infinity)
    }
    expect(marks.start).toBe(0)
    expect(marks.end).toBe(input.length)
    expect(marks.end_time).toBe(marks.chunks.at(-1)?.end_time)
  })

  it('counts billable characters in code points, SSML markup excluded', async () => {
    const plain = await t.speech({ input: 'Smile 😀 please', voice_id: 'emma' })
    expect(plain.json.billable_characters_count).toBe(14)
    const ssml = await t.speech({
      input: '<speak>Hi <break time="100ms"/>there</speak>',
      voice_id: 'emma',
    })
    expect(ssml.json.billable_characters_count).toBe('Hi there'.length)
  })
})

describe('SSML', () => {
  it('inserts real silence for <break> and maps offsets into the escaped SSML string', async () => {
    const plain = await t.speech({
      input: '<speak>Salt &amp; pepper</speak>',
      voice_id: 'george',
      audio_format: 'pcm',
    })
    const paused = await t.speech({
      input: '<speak>Salt &amp; <break time="1500ms"/>pepper</speak>',
      voice_id: 'george',
      audio_format: 'pcm',
    })
    const extra = (paused.json.speech_marks.end_time - plain.json.speech_marks.end_time) / 1000
    expect(extra).toBeGreaterThan(1.3)
    expect(extra).toBeLessThan(1.8)
    const input = '<speak>Salt &amp; <break time="1500ms"/>pepper</speak>'
    const chunks = paused.json.speech_marks.chunks
    expect(chunks.map((chunk) => input.slice(chunk.start, chunk.end))).toEqual(['Salt', 'pepper'])
    // The gap between the two words is silent in the audio itself.
    const pcm = Buffer.from(paused.json.audio_data, 'base64')
    const from = Math.round(((chunks[0]?.end_time ?? 0) + 200) * 24)
    const to = Math.round(((chunks[1]?.start_time ?? 0) - 200) * 24)
    expect(to - from).toBeGreaterThan(24000)
    let peak = 0
    for (let i = from; i < to; i++) peak = Math.max(peak, Math.abs(pcm.readInt16LE(i * 2)))
    expect(peak).toBe(0)
  })

  it('<prosody rate> changes the speaking rate; unknown tags are ignored', async () => {
    const text = 'The quick brown fox jumps over the lazy dog.'
    const normal = await t.speech({
      input: `<speak><unknown-tag kind="x">${text}</unknown-tag></speak>`,
      voice_id: 'emma',
    })
    const slow = await t.speech({
      input: `<speak><prosody rate="50%">${text}</prosody></speak>`,
      voice_id: 'emma',
    })
    expect(normal.response.status).toBe(200)
    expect(normal.json.speech_marks.chunks).toHaveLength(9)
    expect(slow.json.speech_marks.end_time / normal.json.speech_marks.end_time).toBeGreaterThan(1.5)
  })

  it.each([
    ['<speak>unclosed <prosody rate="slow">text</speak>'],
    ['<speak>bad & ampersand</speak>'],
    ['<speak>one</speak><speak>two</speak>'],
    ['<speak><break time="soon"/></speak>'],
    ['<speak>never closed'],
  ])('rejects malformed SSML %s with 400 validation_failed on input', async (input) => {
    const { response } = await t.speech({ input, voice_id: 'emma' })
    expect(response.status).toBe(400)
    const error = await errorOf(response)
    expect(error.code).toBe('validation_failed')
    expect(error.fields?.['input']).toMatch(/SSML/)
  })
})

describe('options', () => {
  it('text normalization speaks numbers and dates as words', async () => {
    const input = 'We met on 2024-05-01 with 55 guests.'
    const off = await t.speech({ input, voice_id: 'george' })
    const on = await t.speech({ input, voice_id: 'george', options: { text_normalization: true } })
    const value = (json: typeof on.json, word: string): string | undefined =>
      json.speech_marks.chunks.find((chunk) => input.slice(chunk.start, chunk.end).startsWith(word))
        ?.value
    expect(value(off.json, '55')).toBe('55')
    expect(value(on.json, '55')).toBe('fifty-five')
    expect(value(on.json, '2024')).toBe('May first, twenty twenty-four')
    expect(on.json.speech_marks.end_time).not.toBe(off.json.speech_marks.end_time)
  })

  it('loudness normalization brings the output to -14 LUFS; off leaves it quieter', async () => {
    const input = 'Loudness matters when clips are played one after another in a narration.'
    const off = await t.speech({ input, voice_id: 'emma', audio_format: 'wav' })
    const on = await t.speech({
      input,
      voice_id: 'emma',
      audio_format: 'wav',
      options: { loudness_normalization: true },
    })
    const lufsOn = await measureLufs(Buffer.from(on.json.audio_data, 'base64'), 'wav')
    const lufsOff = await measureLufs(Buffer.from(off.json.audio_data, 'base64'), 'wav')
    expect(Math.abs(lufsOn + 14)).toBeLessThan(1)
    expect(lufsOn - lufsOff).toBeGreaterThan(3)
  })
})

describe('voices sound different', () => {
  it('a deep male and a bright female voice differ in pitch', async () => {
    const input = 'This sentence is spoken by two different voices.'
    const george = await t.speech({ input, voice_id: 'george', audio_format: 'pcm' })
    const emma = await t.speech({ input, voice_id: 'emma', audio_format: 'pcm' })
    const pitchGeorge = medianPitch(
      (await probeAudio(Buffer.from(george.json.audio_data, 'base64'), 'pcm')).samples,
    )
    const pitchEmma = medianPitch(
      (await probeAudio(Buffer.from(emma.json.audio_data, 'base64'), 'pcm')).samples,
    )
    expect(pitchGeorge).toBeGreaterThan(60)
    expect(pitchEmma / pitchGeorge).toBeGreaterThan(1.3)
    const zcrGeorge = zeroCrossingRate(
      (await probeAudio(Buffer.from(george.json.audio_data, 'base64'), 'pcm')).samples,
    )
    expect(zcrGeorge).toBeGreaterThan(0)
  })
})

describe('input validation', () => {
  it.each([
    [{ input: '   ', voice_id: 'emma' }, 'validation_failed', 'input'],
    [{ input: 'x'.repeat(2001), voice_id: 'emma' }, 'validation_failed', 'input'],
    [{ input: 'hi', voice_id: 'emma', audio_format: 'flac' }, 'validation_failed', 'audio_format'],
    [{ input: 'hi', voice_id: 'emma', model: 'simba-9000' }, 'validation_failed', 'model'],
    [{ input: 'hi', voice_id: 'louis', model: 'simba-english' }, 'validation_failed', 'model'],
    [{ input: 'hi', voice_id: 'emma', language: 'english' }, 'validation_failed', 'language'],
    [{ input: 42, voice_id: 'emma' }, 'validation_failed', 'input'],
    [{ voice_id: 'emma' }, 'validation_failed', 'input'],
    [{ input: 'hi', voice_id: 'nobody' }, 'voice_not_found', 'voice_id'],
  ])('%j -> 400 %s (%s)', async (body, code, field) => {
    const { response } = await t.speech(body)
    expect(response.status).toBe(400)
    const error = await errorOf(response)
    expect(error.code).toBe(code)
    expect(error.fields?.[field]).toBeTruthy()
    expect(error.requestId).toBe(response.headers.get('x-request-id'))
  })

  it('accepts exactly 2,000 code points (astral characters count once)', async () => {
    const { response } = await t.speech({
      input: '😀'.repeat(1999) + 'a',
      voice_id: 'emma',
      audio_format: 'pcm',
    })
    expect(response.status).toBe(200)
  })

  it('answers 400 bad_request for a body that is not JSON', async () => {
    const response = await t.call('/v1/audio/speech', {
      method: 'POST',
      body: '{nope',
      headers: { 'Content-Type': 'application/json' },
    })
    expect(response.status).toBe(400)
    expect((await errorOf(response)).code).toBe('bad_request')
  })

  it('answers 402 payment_required when the account is out of credit', async () => {
    t.sandbox.setAccount('paid', { outOfCredit: true })
    try {
      const { response } = await t.speech({ input: 'hi', voice_id: 'emma' })
      expect(response.status).toBe(402)
      expect((await errorOf(response)).code).toBe('payment_required')
    } finally {
      t.sandbox.setAccount('paid', { outOfCredit: false })
    }
  })
})
