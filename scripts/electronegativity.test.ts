import { spawnSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// Black-box tests of `npm run security`: the real Electronegativity over small fixture apps.
const script = join(import.meta.dirname, 'electronegativity.mjs')
let dir: string

function run(input: string, allow: string) {
  const result = spawnSync(process.execPath, [script, input, allow], {
    encoding: 'utf8',
    timeout: 120_000,
  })
  return { status: result.status, out: `${result.stdout}${result.stderr}` }
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
  it('fails on an unannotated HIGH finding and names it', async () => {
    await writeFile(join(dir, 'allow.json'), '[]')
    const { status, out } = run(dir, join(dir, 'allow.json'))
    expect(status).toBe(1)
    expect(out).toMatch(/HIGH CONTEXT_ISOLATION_JS_CHECK main\.js:2/)
    expect(out).toMatch(/security: FAIL: \d+ findings, \d+ unannotated HIGH\/MEDIUM/)
  })

  it('refuses an annotation without a reason before scanning', async () => {
    await writeFile(
      join(dir, 'noreason.json'),
      JSON.stringify([{ check: 'X', file: 'main.js', reason: ' ' }]),
    )
    const { status, out } = run(dir, join(dir, 'noreason.json'))
    expect(status).toBe(1)
    expect(out).toMatch(/entry 0 needs a non-empty "reason"/)
  })
})

describe('parseFindings', () => {
  it('reads rows, and refuses a garbled report instead of reading it as fewer findings', async () => {
    const { parseFindings } = await import('./electronegativity.mjs')
    const header = 'issue, severity, confidence, filename, location, sample, description, url\n'
    const row =
      'OPEN_EXTERNAL_JS_CHECK,"MEDIUM","TENTATIVE","main\\x.ts","50:8","await shell.openExternal(u)","Review",https://example.invalid\n'
    expect(parseFindings(header + row)).toEqual([
      expect.objectContaining({ check: 'OPEN_EXTERNAL_JS_CHECK', file: 'main/x.ts' }),
    ])
    expect(
      parseFindings(`${header}",N/A,"Failed to parse CSP",https://example.invalid\n${row}`),
    ).toBeNull()
  })
})
