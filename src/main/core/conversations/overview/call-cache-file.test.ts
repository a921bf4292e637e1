import { readFile, stat, writeFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { silentLogger } from '../../log/logger'
import { useTempDirs } from '../../../testing/temp-dir'
import { callCachePath, readCallCache, writeCallCache } from './call-cache-file'
import { CallStore } from './call-store'

const tempDir = useTempDirs('call-cache-')

async function sample(): Promise<CallStore> {
  const store = new CallStore()
  await store.replaceRange(0, 10_000, [
    {
      id: 'c1',
      agentId: 'a',
      status: 'completed',
      startedMs: 5_000,
      durationMs: 61_000,
      endReason: 'caller_hangup',
    },
    {
      id: 'c2',
      agentId: null,
      status: 'active',
      startedMs: 6_000,
      durationMs: null,
      endReason: null,
    },
  ])
  store.addSummaries({
    c1: { passed: 1, total: 2, criteria: [{ id: 'k', name: 'K', result: 'failed' }], summary: 'S' },
  })
  store.addUnevaluated([{ id: 'c0', finishedMs: 4_000 }], 8_000)
  store.savedAt = 9_000
  return store
}

describe('the conversation cache file', () => {
  it('is named by a hash of the account, written 0600, and read back whole', async () => {
    const dir = await tempDir()
    const path = callCachePath(dir, 'https://api.example.test|…abcd')
    expect(path).not.toContain('example')
    await writeCallCache(path, await sample())
    expect((await stat(path)).mode & 0o777).toBe(0o600)
    const back = await readCallCache(path, silentLogger)
    expect(back?.calls).toEqual((await sample()).calls)
    expect(back?.summary('c1')).toEqual((await sample()).summary('c1'))
    expect([back?.coverFromMs, back?.coverToMs, back?.savedAt]).toEqual([0, 10_000, 9_000])
    expect([...(back?.unevaluated ?? [])]).toEqual([
      ['c0', { finishedMs: 4_000, checkedMs: 8_000 }],
    ])
  })

  it('still reads a file of the first version (no calls found without an evaluation)', async () => {
    const dir = await tempDir()
    const path = callCachePath(dir, 'v1')
    await writeCallCache(path, await sample())
    const lines = (await readFile(path, 'utf8')).trimEnd().split('\n')
    const head = { ...JSON.parse(lines[0]!), version: 1 }
    delete head.unevaluated
    await writeFile(path, [JSON.stringify(head), ...lines.slice(1, -1)].join('\n') + '\n')
    const back = await readCallCache(path, silentLogger)
    expect(back?.calls).toEqual((await sample()).calls)
    expect(back?.unevaluated.size).toBe(0)
  })

  it('discards a damaged or wrongly typed file, and gives nothing instead of an error', async () => {
    const dir = await tempDir()
    const path = callCachePath(dir, 'x')
    await writeCallCache(path, await sample())
    const good = await readFile(path, 'utf8')
    const damages = [
      good.slice(0, good.length - 9),
      good.replace('"completed"', '7'),
      good.replace('"failed"', '"maybe"'),
      good.replace('"calls":2', '"calls":3'),
      '\u0000\u0001',
      good.replace(/\n\["c2"[^\n]*/, '\n1,2'),
      good.replace('["c0",4000,8000]', '["c0","4000",8000]'),
      good.replace('"unevaluated":1', '"unevaluated":0'),
    ]
    for (const damage of damages) {
      await writeFile(path, damage)
      expect(await readCallCache(path, silentLogger)).toBeNull()
      await expect(stat(path)).rejects.toThrow()
    }
    expect(await readCallCache(path, silentLogger)).toBeNull()
  })
})
