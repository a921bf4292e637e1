import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Conversation } from '../../../shared/domain/conversation'
import { AppError } from '../../../shared/errors'
import { createManualClock } from '../../testing/manual-clock'
import { parseCsv } from '../../testing/parse-csv'
import type { Harness } from '../upstream/test/helpers'
import { startHarness } from '../upstream/test/helpers'
import type { UpstreamClient } from '../upstream/upstream-client'
import { CSV_COLUMNS, csvField, csvRecord, exportConversationBatch } from './batch-export'

const ANCHOR = Date.parse('2026-11-20T12:00:00.000Z')
// Noon UTC: the same calendar day in every time zone from UTC-11 to UTC+11.
const EXPORT_DAY = createManualClock(Date.parse('2026-11-24T12:00:00.000Z'))
const STEM = 'conversations-2026-11-24'

let h: Harness
let dir: string
let finished: Conversation[]
let client: UpstreamClient

beforeAll(async () => {
  h = await startHarness({
    conversationCount: 40,
    conversationAnchor: ANCHOR,
    liveConversationEveryMs: 0,
    limits: { paid: { conversationReadsPerSecond: Infinity, conversationReadBurst: Infinity } },
  })
  const page = await h.client.listConversations({ status: 'completed', limit: 200 })
  if (!page.served) throw new Error('expected a list')
  finished = page.conversations
  // The export's reads still go through a limiter; a high one keeps the test quick.
  client = h.makeClient({ readsPerSecond: 1000 })
})
afterAll(() => h.stop())

beforeEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
  dir = await mkdtemp(join(tmpdir(), 'vd-batch-export-'))
})

describe('csv fields', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+1 555', "'+1 555"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['a=b', 'a=b'],
    ['', ''],
  ])('%j is written %j', (value, written) => {
    expect(csvField(value)).toBe(written)
  })

  it('numbers stay numbers (a negative one is not text), null is empty, records end CRLF', () => {
    expect(csvField(-1.5)).toBe('-1.5')
    expect(csvField(null)).toBe('')
    expect(csvRecord(['a', 2, null, 'c,d'])).toBe('a,2,,"c,d"\r\n')
  })
})

describe('exportConversationBatch (sandbox)', () => {
  it('writes one summary row and one transcript line per conversation, in order, with progress', async () => {
    const chosen = finished.slice(0, 9)
    const progress: string[] = []
    const result = await exportConversationBatch({
      client,
      ids: chosen.map((c) => c.id),
      folder: dir,
      clock: EXPORT_DAY,
      onProgress: ({ done, total }) => progress.push(`${done}/${total}`),
    })
    expect(result).toMatchObject({
      conversations: 9,
      csvPath: join(dir, `${STEM}.csv`),
      jsonlPath: join(dir, `${STEM}.jsonl`),
      skipped: [],
    })
    expect(progress).toEqual(Array.from({ length: 10 }, (_, n) => `${n}/9`))
    expect((await readdir(dir)).sort()).toEqual([`${STEM}.csv`, `${STEM}.jsonl`])

    const csvBytes = await readFile(result.csvPath)
    const jsonlBytes = await readFile(result.jsonlPath)
    expect(result.bytes).toBe(csvBytes.byteLength + jsonlBytes.byteLength)
    const csvText = csvBytes.toString('utf8')
    expect(csvText.startsWith('\uFEFFid,agent,status,')).toBe(true)
    const [header, ...rows] = parseCsv(csvText)
    expect(header).toEqual([...CSV_COLUMNS])
    expect(rows.map((r) => r[0])).toEqual(chosen.map((c) => c.id))

    const agents = new Map((await client.listAgents())?.map((a) => [a.id, a.name]))
    const lines = jsonlBytes.toString('utf8').split('\n')
    expect(lines.pop()).toBe('')
    expect(lines).toHaveLength(9)
    for (const [n, c] of chosen.entries()) {
      const evaluations = await client.listEvaluations(c.id)
      const messages = await client.listMessages(c.id)
      const criteria = evaluations.filter((e) => e.kind === 'criterion')
      const summary = evaluations.find((e) => e.kind === 'summary')?.rationale ?? ''
      expect(rows[n]).toEqual([
        c.id,
        agents.get(c.agentId ?? '') ?? 'missing agent name',
        'completed',
        c.startedAt,
        String(Math.round((c.durationMs ?? 0) / 100) / 10),
        String(criteria.filter((e) => e.passed).length),
        String(criteria.length),
        summary,
      ])
      expect(JSON.parse(lines[n]!)).toEqual({
        ...c,
        agentName: agents.get(c.agentId ?? ''),
        messages,
        evaluations,
      })
    }
    // The sandbox writes a summary sentence for every finished conversation.
    expect(rows.every((r) => r[7]!.length > 10)).toBe(true)
  })

  it('a second export of the same day gets a new name and leaves the first as it was', async () => {
    const ids = finished.slice(0, 2).map((c) => c.id)
    const first = await exportConversationBatch({
      client,
      ids,
      folder: dir,
      clock: EXPORT_DAY,
    })
    const firstCsv = await readFile(first.csvPath, 'utf8')
    // Someone's own file under the next name's .jsonl: that name is skipped too.
    await writeFile(join(dir, `${STEM}-2.jsonl`), 'mine')
    const second = await exportConversationBatch({
      client,
      ids: ids.slice(1),
      folder: dir,
      clock: EXPORT_DAY,
    })
    expect(second.csvPath).toBe(join(dir, `${STEM}-3.csv`))
    expect(second.jsonlPath).toBe(join(dir, `${STEM}-3.jsonl`))
    expect(await readFile(first.csvPath, 'utf8')).toBe(firstCsv)
    expect(await readFile(join(dir, `${STEM}-2.jsonl`), 'utf8')).toBe('mine')
    expect(parseCsv(await readFile(second.csvPath, 'utf8'))).toHaveLength(2)
  })

  it('two exports at once in the same folder get different names', async () => {
    const ids = [finished[0]!.id]
    const both = await Promise.all([
      exportConversationBatch({ client, ids, folder: dir, clock: EXPORT_DAY }),
      exportConversationBatch({ client, ids, folder: dir, clock: EXPORT_DAY }),
    ])
    expect(both.map((r) => r.csvPath).sort()).toEqual([
      join(dir, `${STEM}-2.csv`),
      join(dir, `${STEM}.csv`),
    ])
  })

  it('skips a conversation the service does not have, says why, and exports the rest', async () => {
    const ids = [finished[0]!.id, 'conv_no_such_conversation', finished[1]!.id]
    const result = await exportConversationBatch({
      client,
      ids,
      folder: dir,
      clock: EXPORT_DAY,
    })
    expect(result.conversations).toBe(2)
    expect(result.skipped).toEqual([
      { id: 'conv_no_such_conversation', reason: expect.stringMatching(/\S/) as string },
    ])
    const rows = parseCsv(await readFile(result.csvPath, 'utf8')).slice(1)
    expect(rows.map((r) => r[0])).toEqual([finished[0]!.id, finished[1]!.id])
    expect((await readFile(result.jsonlPath, 'utf8')).trimEnd().split('\n')).toHaveLength(2)
  })

  it('a live conversation is exported with its turns so far and no evaluation counts', async () => {
    const live = h.sandbox.startConversation({ turns: 50, turnIntervalMs: 60_000, startDelayMs: 0 })
    const result = await exportConversationBatch({
      client,
      ids: [live.id],
      folder: dir,
      clock: EXPORT_DAY,
    })
    const [, row] = parseCsv(await readFile(result.csvPath, 'utf8'))
    expect(row?.[0]).toBe(live.id)
    expect(['pending', 'active']).toContain(row?.[2])
    expect(row?.slice(5)).toEqual(['', '', ''])
    const evaluationsPath = `${live.id}/evaluations`
    expect(h.sandbox.requestLog().some((e) => e.path.endsWith(evaluationsPath))).toBe(false)
  })

  it('cancel stops the reads and leaves no file, not even a temporary one', async () => {
    const controller = new AbortController()
    const ids = finished.slice(0, 12).map((c) => c.id)
    h.sandbox.clearRequestLog()
    const error: unknown = await exportConversationBatch({
      client,
      ids,
      folder: dir,
      clock: EXPORT_DAY,
      signal: controller.signal,
      onProgress: ({ done }) => {
        if (done === 3) controller.abort()
      },
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AppError)
    expect((error as AppError).code).toBe('CANCELLED')
    expect(await readdir(dir)).toEqual([])
    // Reads stopped: the last conversations were never asked for.
    const paths = h.sandbox.requestLog().map((e) => e.path)
    expect(paths.some((path) => path.includes(ids[0]!))).toBe(true)
    expect(paths.some((path) => path.includes(ids[11]!))).toBe(false)
  })

  it('a failure that is not NOT_FOUND ends the export with no file (here the key is revoked midway)', async () => {
    const key = h.sandbox.issueApiKey('paid')
    const error: unknown = await exportConversationBatch({
      client: h.makeClient({ credential: { kind: 'apiKey', secret: key }, readsPerSecond: 1000 }),
      ids: finished.slice(0, 12).map((c) => c.id),
      folder: dir,
      clock: EXPORT_DAY,
      onProgress: ({ done }) => {
        if (done === 2) h.sandbox.revokeApiKey(key)
      },
    }).catch((e: unknown) => e)
    expect((error as AppError).code).toBe('AUTH_INVALID')
    expect(await readdir(dir)).toEqual([])
  })

  it('a folder that does not exist is a DISK error naming it; no ids is refused', async () => {
    const missing = join(dir, 'not-here')
    const error: unknown = await exportConversationBatch({
      client,
      ids: [finished[0]!.id],
      folder: missing,
    }).catch((e: unknown) => e)
    expect(error).toMatchObject({
      code: 'DISK',
      message: expect.stringContaining(missing) as string,
    })
    await expect(exportConversationBatch({ client, ids: [], folder: dir })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    })
  })
})
