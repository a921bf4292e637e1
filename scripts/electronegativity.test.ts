import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// Black-box tests of `npm run security`: the real Electronegativity over small fixture apps.
const script = join(import.meta.dirname, 'electronegativity.mjs')
let dir: string

// Why this budget: one Electronegativity scan takes about 10 s on an idle two-core machine and
// three times that under a loaded CI run. Run asynchronously so the test runner's own timer stays
// live.
const SCAN_BUDGET_MS = 150_000

async function run(input: string, allow: string) {
  const child = spawn(process.execPath, [script, input, allow], { timeout: SCAN_BUDGET_MS })
  let out = ''
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')))
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')))
  const [status] = (await once(child, 'close')) as [number | null]
  return { status, out }
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'voicedesk-eneg-'))
  await writeFile(
    join(dir, 'main.js'),
    "const { BrowserWindow } = require('electron')\nconst w = new BrowserWindow({ webPreferences: { nodeIntegration: true, contextIsolation: false } })\nw.loadURL('https://example.com')\n",
  )
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('scripts/electronegativity.mjs', () => {
  it(
    'fails on an unannotated HIGH finding and names it',
    async () => {
      await writeFile(join(dir, 'allow.json'), '[]')
      const { status, out } = await run(dir, join(dir, 'allow.json'))
      expect(status).toBe(1)
      expect(out).toMatch(/HIGH CONTEXT_ISOLATION_JS_CHECK main\.js:2/)
      expect(out).toMatch(/security: FAIL: \d+ findings, \d+ unannotated HIGH\/MEDIUM/)
    },
    SCAN_BUDGET_MS + 10_000,
  )

  it('refuses an annotation without a reason before scanning', async () => {
    await writeFile(
      join(dir, 'noreason.json'),
      JSON.stringify([{ check: 'X', file: 'main.js', reason: ' ' }]),
    )
    const { status, out } = await run(dir, join(dir, 'noreason.json'))
    expect(status).toBe(1)
    expect(out).toMatch(/entry 0 needs a non-empty "reason"/)
  })
})

describe('toFindings', () => {
  it("reads the scan's issues as findings, with paths in forward slashes", async () => {
    const { toFindings } = await import('./electronegativity.mjs')
    expect(
      toFindings([
        {
          id: 'OPEN_EXTERNAL_JS_CHECK',
          severity: { name: 'MEDIUM' },
          confidence: { name: 'TENTATIVE' },
          file: 'main\\x.ts',
          location: { line: 50, column: 8 },
          sample: 'await shell.openExternal(u)',
        },
      ]),
    ).toEqual([
      {
        check: 'OPEN_EXTERNAL_JS_CHECK',
        severity: 'MEDIUM',
        confidence: 'TENTATIVE',
        file: 'main/x.ts',
        location: '50:8',
        sample: 'await shell.openExternal(u)',
      },
    ])
  })
})
