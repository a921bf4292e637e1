import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function check(files: Record<string, string>): { code: number; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'voicedesk-cycles-'))
  dirs.push(dir)
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true })
    writeFileSync(join(dir, name), text)
  }
  try {
    const output = execFileSync(process.execPath, ['scripts/check-import-cycles.mjs', dir], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    return { code: 0, output }
  } catch (error) {
    const failed = error as { status: number; stderr: string }
    return { code: failed.status, output: failed.stderr }
  }
}

describe('check-import-cycles', () => {
  it('passes files that import in one direction, across folders', () => {
    const result = check({
      'plan/plan.ts': 'export const plan = 1\n',
      'fetch/fetch.ts': "import { plan } from '../plan/plan'\nexport const fetched = plan\n",
      'render/job.ts': "import { fetched } from '../fetch/fetch'\nexport const job = fetched\n",
    })
    expect(result).toEqual({ code: 0, output: expect.stringContaining('none among 3 files') })
  })

  it('fails on a cycle closed by a type import, naming the files', () => {
    const result = check({
      'render/job.ts':
        "import { run } from './run'\nexport interface Options { a: number }\nexport const job = run\n",
      'render/run.ts':
        "import type { Options } from './job'\nexport const run = (o: Options) => o.a\n",
      'render/eta.ts': "import { job } from './job'\nexport const eta = job\n",
    })
    expect(result.code).toBe(1)
    expect(result.output).toMatch(/render\/job\.ts <-> .*render\/run\.ts/)
    expect(result.output).not.toContain('eta.ts')
  })

  it('fails on a longer cycle through another folder', () => {
    const result = check({
      'a/one.ts': "import { two } from '../b/two'\nexport const one = two\n",
      'b/two.ts': "import { three } from './three'\nexport const two = three\n",
      'b/three.ts': "export { one as three } from '../a/one'\n",
    })
    expect(result.code).toBe(1)
    expect(result.output).toMatch(/one\.ts <-> .*three\.ts <-> .*two\.ts/)
  })

  it('sees a cycle written with .js extensions, as the sandbox imports', () => {
    const result = check({
      'audio/encode.ts':
        "import { stream } from './stream.js'\nexport type Format = 'wav'\nexport const encode = stream\n",
      'audio/stream.ts':
        "import type { Format } from './encode.js'\nexport const stream = (f: Format) => f\n",
    })
    expect(result.code).toBe(1)
    expect(result.output).toMatch(/encode\.ts <-> .*stream\.ts/)
  })

  it('finds no cycle anywhere under src (what npm run lint checks)', () => {
    const output = execFileSync(process.execPath, ['scripts/check-import-cycles.mjs', 'src'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    expect(output).toMatch(/^import cycles: none among \d+ files under src\n$/i)
    // Why a long ceiling: resolving every import of ~700 files takes seconds on a loaded machine.
  }, 180_000)
})
