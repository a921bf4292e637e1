/**
 * Runs a bench at its small size (see smoke.ts) as a child process, the way a person runs it, and
 * gives back its exit code and output. Used by the test run so a bench that no longer starts,
 * works or prints its figures fails a test; the figures themselves are printed, never asserted.
 */
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../..', import.meta.url))

/** What a smoke run of a bench ended with. */
export interface SmokeRun {
  code: number | null
  output: string
}

/** Runs `bench/<name>.ts` with VOICEDESK_BENCH_SMOKE=1; stops it after `timeoutMs`. */
export function runBenchSmoke(name: string, timeoutMs: number): Promise<SmokeRun> {
  return new Promise((resolve, reject) => {
    // Why node with tsx's loader and not npx: npx alone takes seconds to find tsx on a busy box.
    const child = spawn(process.execPath, ['--import', 'tsx', `bench/${name}.ts`], {
      cwd: root,
      env: { ...process.env, VOICEDESK_BENCH_SMOKE: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const timer = setTimeout(() => {
      output += `\n(stopped after ${timeoutMs / 1000} s)`
      child.kill('SIGKILL')
    }, timeoutMs)
    child.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, output })
    })
  })
}
