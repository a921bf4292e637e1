import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseMp3Header } from '../audio/mp3-header'
import { readInfoTag } from '../audio/mp3-info-tag'
import { withInfoFrame } from '../audio/mp3-tagger'
import { id3v2Size } from '../audio/verdict'
import { decodeSamples, probedSeconds } from '../../testing/test-audio'
import { startHarness } from './test/helpers'
import { runCli } from '../../cli/run'
import { useServiceAndDir } from '../../testing/service-dir'

const testbed = useServiceAndDir('vd-mp3-service-', () => startHarness())

const TEXT = 'The lighthouse keeper climbed the stairs at dusk and lit the lamp.'

/**
 * Checks an MP3 saved from the service's bytes: an Info frame whose counts are the file's, no
 * LAME tag (the service's encoder delay and padding are not known, so none is made up), and a
 * header length ffprobe reads that equals the full decode.
 */
async function expectInfoFrame(path: string): Promise<void> {
  const bytes = new Uint8Array(await readFile(path))
  const start = Math.max(0, id3v2Size(bytes, 0))
  const tag = readInfoTag(bytes, start)
  expect(tag, `${path} has no Info frame`).not.toBeNull()
  let frames = 0
  let samplesPerFrame = 0
  let sampleRate = 0
  for (let at = start + tag!.frameLength; at < bytes.byteLength; frames++) {
    const header = parseMp3Header(bytes, at)!
    samplesPerFrame = header.samplesPerFrame
    sampleRate = header.sampleRate
    at += header.frameLength
  }
  expect(tag!.frames).toBe(frames)
  expect(tag!.bytes).toBe(bytes.byteLength - start)
  expect(tag!.lame).toBeUndefined()
  const decoded = await decodeSamples(path)
  expect(decoded.length).toBe(frames * samplesPerFrame)
  expect(await probedSeconds(path)).toBeCloseTo(decoded.length / sampleRate, 5)
}

describe('MP3 files saved from what the service sent', () => {
  it('a stream written to a file gets an Info frame that counts every frame and byte', async () => {
    const target = join(testbed.dir, 'streamed.mp3')
    const result = await testbed.service.client.stream({
      input: TEXT,
      voiceId: 'george',
      codec: 'mp3',
      toFile: target,
    })
    await expectInfoFrame(target)
    // Only the Info frame was added: the audio is what arrived.
    const info = readInfoTag(new Uint8Array(await readFile(target)), 0)!
    expect((await stat(target)).size).toBe(result.bytes + info.frameLength)
  })

  it('voicedesk speak (a whole MP3 answer) saves it with one in front of the same audio', async () => {
    const path = join(testbed.dir, 'spoken.mp3')
    let stdout = ''
    const code = await runCli(
      ['speak', '--voice', 'george', '--text', TEXT, '--out', path, '--json'],
      {
        io: { out: (t) => (stdout += t), err: () => undefined },
        env: {
          VOICEDESK_BASE_URL: testbed.service.sandbox.baseUrl,
          VOICEDESK_API_KEY: testbed.service.sandbox.keys.paid,
          VOICEDESK_PLAN: 'paid',
        },
        signal: new AbortController().signal,
        pollMs: 50,
      },
    )
    expect(code).toBe(0)
    await expectInfoFrame(path)
    const saved = new Uint8Array(await readFile(path))
    expect((JSON.parse(stdout) as { bytes: number }).bytes).toBe(saved.byteLength)
    // The audio after the Info frame is the service's, untouched: tagging it again changes nothing.
    expect(Buffer.compare(withInfoFrame(saved), saved)).toBe(0)
  })

  it('a downloaded MP3 (a conversation recording) is saved with one', async () => {
    const conversation = await testbed.service.client.getConversation(
      testbed.service.sandbox.seededConversations.completed,
    )
    const target = join(testbed.dir, 'recording.mp3')
    const saved = await testbed.service.client.downloadRecording(conversation.recordingUrl!, target)
    expect(saved.extension).toBe('mp3')
    expect(saved.bytes).toBe((await stat(target)).size)
    await expectInfoFrame(target)
  })
})
