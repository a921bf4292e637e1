import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { runCli } from './run'
import { runCliCaptured } from '../testing/captured-cli'

import type { Sandbox } from '../../sandbox/index'

import { startSandbox } from '../../sandbox/index'
import type { Conversation } from '../../shared/domain/conversation'
import type { UpstreamClient } from '../core/upstream/upstream-client'
import { createUpstreamClient } from '../core/upstream/upstream-client'
import { parseCsv } from '../testing/parse-csv'

// What docs/cli.md promises about `conversation list` and `conversation export`.

const ANCHOR = Date.parse('2026-11-20T12:00:00.000Z')
const AGENT_NAMES = [
  'Maya Okafor',
  'Theo Lindqvist',
  'Priya Raman',
  'Samuel Achebe',
  'Lucía Ferreira',
]

let sandbox: Sandbox
let client: UpstreamClient
/** Every conversation of the account, most recent first, as the client reads it. */
let all: Conversation[]
let dir: string

beforeAll(async () => {
  sandbox = await startSandbox({
    synthThreads: 0,
    conversationCount: 250,
    conversationAnchor: ANCHOR,
    liveConversationEveryMs: 0,
    limits: { paid: { conversationReadsPerSecond: Infinity, conversationReadBurst: Infinity } },
  })
  client = createUpstreamClient({
    baseUrl: sandbox.baseUrl,
    credential: { kind: 'apiKey', secret: sandbox.keys.paid },
    readsPerSecond: 1000,
  })
  all = []
  let cursor: string | undefined
  for (;;) {
    const page = await client.listConversations({ limit: 200, ...(cursor ? { cursor } : {}) })
    if (!page.served) throw new Error('expected a list')
    all.push(...page.conversations)
    if (page.nextCursor === null) break
    cursor = page.nextCursor
  }
})
afterAll(async () => {
  client.close()
  await sandbox.stop()
})
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vd-cli-conversations-'))
})
afterEach(async () => {
  sandbox.setConversationFeed({ listing: 'served' })
  await rm(dir, { recursive: true, force: true })
})

/** Runs the CLI in-process with captured output; `onErr` sees each stderr write. */
async function cli(
  args: string[],
  options: { signal?: AbortSignal; onErr?: (t: string) => void } = {},
) {
  const run = await runCliCaptured(args, {
    env: {
      VOICEDESK_BASE_URL: sandbox.baseUrl,
      VOICEDESK_API_KEY: sandbox.keys.paid,
      VOICEDESK_PLAN: 'paid',
    },
    ...options,
  })
  expect(`${run.stdout}${run.stderr}`).not.toContain(sandbox.keys.paid)
  return run
}

function listRequests(): URLSearchParams[] {
  return sandbox
    .requestLog()
    .filter((e) => e.path === '/v1/agents/conversations')
    .map((e) => new URLSearchParams(e.query))
}

describe('voicedesk conversation list', () => {
  it('has help of its own (--help, -h, help COMMAND), listed in the overview too', async () => {
    for (const words of [
      ['conversation', 'list'],
      ['conversation', 'export'],
    ]) {
      for (const args of [
        [...words, '--help'],
        [...words, '-h'],
        ['help', ...words],
      ]) {
        const r = await cli(args)
        expect({ args, code: r.code, stderr: r.stderr }).toEqual({ args, code: 0, stderr: '' })
        expect(r.stdout.startsWith(`Usage: voicedesk ${words.join(' ')} `)).toBe(true)
        expect(r.stdout).toContain('--since ISO')
      }
    }
    const overview = (await cli(['--help'])).stdout
    expect(overview).toContain('\n  conversation list [--agent ID] [--status S]')
    expect(overview).toContain('\n  conversation export --since ISO [--until ISO]')
    expect((await cli(['conversation', '--help'])).stdout).toMatch(
      /conversation export {2,}a CSV summary/,
    )
  })

  it('prints a table of the most recent conversations with agent names, and says when more match', async () => {
    const r = await cli(['conversation', 'list', '--limit', '5'])
    expect(r.code).toBe(0)
    const [header, ...lines] = r.stdout.trimEnd().split('\n')
    expect(header).toMatch(/^ID\s+STARTED \(UTC\)\s+AGENT\s+STATUS\s+DURATION$/)
    expect(lines.map((l) => l.split(/\s+/)[0])).toEqual(all.slice(0, 5).map((c) => c.id))
    for (const [n, line] of lines.entries()) {
      const c = all[n]!
      expect(AGENT_NAMES.some((name) => line.includes(`  ${name}  `))).toBe(true)
      expect(line).not.toContain(c.agentId ?? 'no agent id')
      expect(line).toContain(` ${c.status} `)
      if (c.startedAt !== null) expect(line).toContain(c.startedAt.slice(0, 19).replace('T', ' '))
    }
    expect(r.stderr).toBe(
      'Showing the 5 most recent; more match. Raise --limit or narrow the filters to see others.\n',
    )
  })

  it('follows the cursor up to --limit (pages of at most 200), and --json gives the rows with agent names', async () => {
    sandbox.clearRequestLog()
    const r = await cli(['conversation', 'list', '--limit', '230', '--json'])
    expect(r.code).toBe(0)
    const doc = JSON.parse(r.stdout) as {
      conversations: (Conversation & { agentName: string })[]
      hasMore: boolean
    }
    expect(doc.conversations.map((c) => c.id)).toEqual(all.slice(0, 230).map((c) => c.id))
    expect(doc.hasMore).toBe(true)
    expect(doc.conversations.every((c) => AGENT_NAMES.includes(c.agentName))).toBe(true)
    const requests = listRequests()
    expect(requests.map((q) => q.get('limit'))).toEqual(['200', '30'])
    expect(requests[0]!.get('cursor')).toBeNull()
    expect(requests[1]!.get('cursor')).not.toBeNull()
    // Everything: the end is reached before the limit, nothing more matches.
    const whole = await cli(['conversation', 'list', '--limit', '1000', '--json'])
    const everything = JSON.parse(whole.stdout) as {
      conversations: Conversation[]
      hasMore: boolean
    }
    expect(everything.conversations).toHaveLength(all.length)
    expect(everything.hasMore).toBe(false)
  })

  it('sends the filters to the service; --agent takes a name; a date alone for --until includes that day', async () => {
    const agents = (await client.listAgents()) ?? []
    const priya = agents.find((a) => a.name === 'Priya Raman')!
    sandbox.clearRequestLog()
    const r = await cli([
      'conversation',
      'list',
      '--agent',
      'priya raman',
      '--status',
      'completed',
      '--since',
      '2026-11-05',
      '--until',
      '2026-11-12',
      '--limit',
      '500',
      '--json',
    ])
    expect(r.code).toBe(0)
    const [request] = listRequests()
    expect(request?.get('agent_id')).toBe(priya.id)
    expect(request?.get('started_after')).toBe('2026-11-05T00:00:00.000Z')
    expect(request?.get('started_before')).toBe('2026-11-13T00:00:00.000Z')
    const expected = all.filter(
      (c) =>
        c.agentId === priya.id &&
        c.status === 'completed' &&
        c.startedAt! >= '2026-11-05T00:00:00' &&
        c.startedAt! < '2026-11-13T00:00:00',
    )
    expect(expected.length).toBeGreaterThan(3)
    expect(
      (JSON.parse(r.stdout) as { conversations: Conversation[] }).conversations.map((c) => c.id),
    ).toEqual(expected.map((c) => c.id))
    // A date-time without a zone is UTC.
    sandbox.clearRequestLog()
    expect(
      (await cli(['conversation', 'list', '--since', '2026-11-05T08:30', '--json'])).code,
    ).toBe(0)
    expect(listRequests()[0]?.get('started_after')).toBe('2026-11-05T08:30:00.000Z')
  })

  it('refuses dates that are not ISO 8601 (or not on the calendar), a bad range, limit or status: exit 2', async () => {
    for (const [args, message] of [
      [
        ['--since', 'yesterday'],
        /--since "yesterday" is not a date VoiceDesk can read\. Give an ISO 8601 date/,
      ],
      [['--since', '2026-02-30'], /--since "2026-02-30" is not a date/],
      [['--until', '2026-11-20T24:10:00Z'], /--until "2026-11-20T24:10:00Z" is not a date/],
      [['--since', '20/11/2026'], /--since "20\/11\/2026" is not a date/],
      [
        ['--since', '2026-11-20', '--until', '2026-11-19'],
        /--since \(2026-11-20\) must be before --until \(2026-11-19\)/,
      ],
      [['--limit', '0'], /--limit must be a whole number of conversations, 1 or more/],
      [['--limit', 'ten'], /--limit must be a whole number/],
      [['--status', 'done'], /--status must be one of pending, active, completed, failed/],
      [['some-id'], /takes no id/],
    ] as const) {
      sandbox.clearRequestLog()
      const r = await cli(['conversation', 'list', ...args])
      expect({ args, code: r.code }).toEqual({ args, code: 2 })
      expect(r.stderr).toMatch(message)
      expect(r.stdout).toBe('')
      expect(listRequests()).toEqual([])
    }
  })

  it('when the service does not list conversations: exit 4 and what to do instead', async () => {
    for (const listing of [404, 405] as const) {
      sandbox.setConversationFeed({ listing })
      const r = await cli(['conversation', 'list'])
      expect(r.code).toBe(4)
      expect(r.stdout).toBe('')
      expect(r.stderr).toBe(
        'voicedesk: This service does not list conversations (it answered 404/405 on both list addresses). Open a conversation by its id instead: voicedesk conversation show ID.\n',
      )
    }
  })
})

describe('voicedesk conversation export', () => {
  /** A range holding a known number of conversations: the 11th to the 40th most recent. */
  function range(): { since: string; until: string; ids: string[] } {
    const newest = all[10]!
    const oldest = all[39]!
    const until = new Date(Date.parse(newest.startedAt!) + 1).toISOString()
    const ids = all
      .filter(
        (c) => c.startedAt! >= oldest.startedAt! && Date.parse(c.startedAt!) < Date.parse(until),
      )
      .map((c) => c.id)
    return { since: oldest.startedAt!, until, ids }
  }

  /** Runs `conversation export` of [since, until) into the test folder, with `extra` options. */
  const exportRange = (since: string, until: string, ...extra: string[]) =>
    cli(['conversation', 'export', '--since', since, '--until', until, '--out', dir, ...extra])

  it('lists, then writes the CSV summary and JSONL transcripts of every match, with progress on stderr', async () => {
    const { since, until, ids } = range()
    const r = await exportRange(since, until)
    expect(r.code).toBe(0)
    const files = (await readdir(dir)).sort()
    expect(files).toHaveLength(2)
    const [csvName, jsonlName] = files as [string, string]
    expect(csvName).toMatch(/^conversations-\d{4}-\d{2}-\d{2}\.csv$/)
    expect(jsonlName).toBe(csvName.replace(/\.csv$/, '.jsonl'))
    expect(r.stdout).toBe(
      `Exported ${ids.length} conversations: ${join(dir, csvName)} (summary) and ${join(dir, jsonlName)} (transcripts), ${
        (await readFile(join(dir, csvName))).byteLength +
        (await readFile(join(dir, jsonlName))).byteLength
      } bytes.\n`,
    )
    const rows = parseCsv(await readFile(join(dir, csvName), 'utf8'))
    expect(rows.slice(1).map((row) => row[0])).toEqual(ids)
    expect(rows.slice(1).every((row) => AGENT_NAMES.includes(row[1]!))).toBe(true)
    const lines = (await readFile(join(dir, jsonlName), 'utf8')).trimEnd().split('\n')
    expect(lines.map((l) => (JSON.parse(l) as { id: string }).id)).toEqual(ids)
    const progress = r.stderr.split('\n').filter((l) => l.startsWith('Exported '))
    expect(r.stderr.startsWith(`Exporting ${ids.length} conversations to ${dir}.\n`)).toBe(true)
    expect(progress.length).toBeGreaterThanOrEqual(10)
    expect(progress.at(-1)).toBe(`Exported ${ids.length} of ${ids.length} conversations.`)
  })

  it('--json prints the result document; a second export gets a new name', async () => {
    const { since, until, ids } = range()
    await exportRange(since, until)
    const r = await exportRange(since, until, '--json')
    expect(r.code).toBe(0)
    const result = JSON.parse(r.stdout) as {
      conversations: number
      csvPath: string
      skipped: unknown[]
    }
    expect(result).toMatchObject({ conversations: ids.length, skipped: [] })
    expect(result.csvPath).toMatch(/conversations-\d{4}-\d{2}-\d{2}-2\.csv$/)
    expect(await readdir(dir)).toHaveLength(4)
  })

  it('Ctrl-C during the export: exit 130, says no file was saved, and leaves none', async () => {
    const { since, until } = range()
    const controller = new AbortController()
    const r = await cli(
      ['conversation', 'export', '--since', since, '--until', until, '--out', dir],
      {
        signal: controller.signal,
        onErr: (t) => {
          if (/^Exported [1-9]\d* of/.test(t)) controller.abort()
        },
      },
    )
    expect(r.code).toBe(130)
    expect(r.stdout).toBe('')
    expect(r.stderr.trimEnd().split('\n').at(-1)).toBe(
      'voicedesk: The export was cancelled; no file was saved.',
    )
    expect(await readdir(dir)).toEqual([])
  })

  it('refuses a missing --since or --out (exit 2), says when nothing matches (exit 4), a missing folder is exit 8', async () => {
    const noSince = await cli(['conversation', 'export', '--out', dir])
    expect(noSince).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^voicedesk: --since is required/),
    })
    const noOut = await cli(['conversation', 'export', '--since', '2026-11-01'])
    expect(noOut).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^voicedesk: --out DIR is required/),
    })
    const none = await cli([
      'conversation',
      'export',
      '--since',
      '2020-01-01',
      '--until',
      '2020-01-02',
      '--out',
      dir,
    ])
    expect(none.code).toBe(4)
    expect(none.stderr).toMatch(/nothing was written/)
    const missing = join(dir, 'not-made')
    const disk = await cli(['conversation', 'export', '--since', range().since, '--out', missing])
    expect(disk.code).toBe(8)
    expect(disk.stderr).toContain(`The folder ${missing} does not exist`)
    expect(await readdir(dir)).toEqual([])
  })
})

describe('voicedesk conversation list on an older deployment', () => {
  let older: Sandbox
  beforeAll(async () => {
    older = await startSandbox({
      synthThreads: 0,
      shapes: 'older',
      conversationCount: 30,
      conversationAnchor: ANCHOR,
      liveConversationEveryMs: 0,
      limits: { paid: { conversationReadsPerSecond: Infinity, conversationReadBurst: Infinity } },
    })
  })
  afterAll(() => older.stop())

  it('cuts the one unpaged answer to --limit and says more match', async () => {
    let stdout = ''
    let stderr = ''
    const code = await runCli(['conversation', 'list', '--limit', '3', '--status', 'completed'], {
      io: { out: (t) => (stdout += t), err: (t) => (stderr += t) },
      env: { VOICEDESK_BASE_URL: older.baseUrl, VOICEDESK_API_KEY: older.keys.paid },
      signal: new AbortController().signal,
    })
    expect(code).toBe(0)
    const lines = stdout.trimEnd().split('\n').slice(1)
    expect(lines).toHaveLength(3)
    expect(lines.every((l) => / completed /.test(l))).toBe(true)
    expect(stderr).toMatch(/^Showing the 3 most recent; more match/)
  })
})
