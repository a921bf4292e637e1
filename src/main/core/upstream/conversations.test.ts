import { readFile } from 'node:fs/promises'
import http from 'node:http'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkAudio } from '../audio/check'
import type { Harness } from './test/helpers'
import { createManualClock } from '../../testing/manual-clock'
import { startHarness } from './test/helpers'
import { closeServer, listenOnLoopback } from '../../testing/loopback-server'
import { useTempDirs } from '../../testing/temp-dir'

const tempDir = useTempDirs('vd-conv-')

let dir: string
beforeAll(async () => {
  dir = await tempDir()
})

for (const conversationPaths of ['old', 'new', 'both'] as const) {
  describe(`conversation paths: ${conversationPaths}`, () => {
    let h: Harness
    beforeAll(async () => {
      h = await startHarness({ shapes: { conversationPaths } })
    })
    afterAll(() => h.stop())

    it('reads a completed conversation, its transcript and evaluations', async () => {
      const id = h.sandbox.seededConversations.completed
      const conversation = await h.client.getConversation(id)
      expect(conversation).toMatchObject({ id, status: 'completed' })
      expect(conversation.endedAt).not.toBeNull()
      const messages = await h.client.listMessages(id)
      expect(messages.length).toBeGreaterThan(2)
      expect(messages.some((m) => m.role === 'tool' && m.toolName !== null)).toBe(true)
      const evaluations = await h.client.listEvaluations(id)
      expect(evaluations.map((e) => e.kind)).toEqual(
        expect.arrayContaining(['criterion', 'summary']),
      )
      // After the first discovery, every read goes straight to the form that works.
      h.sandbox.clearRequestLog()
      await h.client.getConversation(id)
      const paths = h.sandbox.requestLog().map((e) => e.path)
      expect(paths).toHaveLength(1)
      expect(
        paths[0]!.startsWith(conversationPaths === 'new' ? '/v1/agents/' : '/v1/conversations/'),
      ).toBe(true)
    })

    it('keeps a collected field the call never gave as empty, neither dropped nor invented', async () => {
      const evaluations = await h.client.listEvaluations(h.sandbox.seededConversations.failed)
      const data = evaluations.find((e) => e.kind === 'data')?.data
      expect(data).toEqual({ intent: 'book', party_size: null, time: null, booked: false })
    })

    it('an unknown conversation is NOT_FOUND with its id named', async () => {
      await expect(h.client.getConversation('conv_nope')).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: 'No conversation with id conv_nope. Check the id and try again.',
        details: { status: 404, requestId: expect.stringMatching(/^req_/) },
      })
    })
  })
}

describe('a live conversation and its recording', () => {
  // The sandbox's time, moved by the test: the live conversation advances only when it says.
  const clock = createManualClock()
  let h: Harness
  let foreign: http.Server
  let foreignUrl: string
  const foreignAuth: Array<string | undefined> = []
  beforeAll(async () => {
    h = await startHarness({ clock })
    foreign = http.createServer((req, res) => {
      foreignAuth.push(req.headers.authorization)
      res.writeHead(200, { 'content-type': 'audio/mpeg' })
      res.end(recordingBytes)
    })
    foreignUrl = await listenOnLoopback(foreign)
  })
  afterAll(async () => {
    await closeServer(foreign)
    await h.stop()
  })
  let recordingBytes = Buffer.alloc(0)

  it('moves from pending to completed and gains evaluations', async () => {
    const started = h.sandbox.startConversation({
      turns: 3,
      turnIntervalMs: 50,
      evaluationDelayMs: 50,
    })
    const seen = new Set<string>()
    // The sandbox's clock moves one turn interval between reads, so every stage is read once.
    for (let i = 0; i < 100; i++) {
      const c = await h.client.getConversation(started.id)
      seen.add(c.status)
      if (c.status === 'completed') break
      clock.advance(50)
    }
    expect([...seen]).toEqual(['pending', 'active', 'completed'])
    // Evaluations arrive their delay after the end, not before.
    expect(await h.client.listEvaluations(started.id)).toEqual([])
    clock.advance(50)
    expect((await h.client.listEvaluations(started.id)).length).toBeGreaterThan(0)
  })

  it('downloads a same-origin recording with the key and a foreign one without it', async () => {
    const conversation = await h.client.getConversation(h.sandbox.seededConversations.completed)
    expect(conversation.recordingUrl).not.toBeNull()
    const target = join(dir, 'recording.mp3')
    const saved = await h.client.downloadRecording(conversation.recordingUrl!, target)
    expect(saved.extension).toBe('mp3')
    recordingBytes = await readFile(target)
    expect(checkAudio('mp3', recordingBytes).ok).toBe(true)

    // A URL on another origin never receives the key...
    const other = join(dir, 'foreign.mp3')
    await h.client.downloadRecording(`${foreignUrl}/rec.mp3`, other)
    expect(foreignAuth).toEqual([undefined])
    expect(await readFile(other)).toEqual(recordingBytes)
    // ...while the same server, configured as the base URL, does (relative URLs resolve there).
    const own = h.makeClient({ baseUrl: foreignUrl })
    await own.downloadRecording('/rec.mp3', join(dir, 'own.mp3'))
    expect(foreignAuth).toEqual([undefined, `Bearer ${h.sandbox.keys.paid}`])
  })
})
