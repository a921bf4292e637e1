import { execFileSync } from 'node:child_process'
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function run(files: Record<string, string>): { code: number; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'voicedesk-bundle-'))
  dirs.push(dir)
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true })
    writeFileSync(join(dir, name), text)
  }
  try {
    const output = execFileSync(process.execPath, ['scripts/check-release-bundle.mjs', dir], {
      encoding: 'utf8',
      stdio: 'pipe',
    })
    return { code: 0, output }
  } catch (error) {
    const failed = error as { status: number; stderr: string }
    return { code: failed.status, output: failed.stderr }
  }
}

describe('check-release-bundle', () => {
  it('passes a build without sandbox code', () => {
    expect(run({ 'main/index.js': 'export const ok = 1' })).toMatchObject({ code: 0 })
  })

  it('fails on the speech engine or the sandbox entry point, naming the file', () => {
    const engine = run({
      'main/index.js': 'ok',
      'main/chunks/x.js': 'import "@echogarden/espeak-ng-emscripten"',
    })
    expect(engine.code).toBe(1)
    expect(engine.output).toContain('x.js: the espeak-ng speech engine')
    const entry = run({ 'main/index.js': 'async function startSandbox(options) {}' })
    expect(entry.code).toBe(1)
  })

  it('fails on an empty build', () => {
    expect(run({}).code).toBe(1)
  })
})
