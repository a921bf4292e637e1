import type { ChildProcess } from 'node:child_process'
import { spawn } from 'node:child_process'
import { join } from 'node:path'

/** What a spawned CLI printed and how it ended. */
export interface CliExit {
  code: number | null
  out: string
  err: string
}

/**
 * Spawns `voicedesk render …` against a sandbox (paid key, own cache folder). node itself runs the
 * CLI (not the tsx wrapper), so a kill -9 hits the process doing the render.
 */
export function spawnRenderCli(
  sandbox: { baseUrl: string; keys: { paid: string } },
  cacheDir: string,
  args: string[],
): { child: ChildProcess; exit: Promise<CliExit> } {
  const entry = join(process.cwd(), 'src', 'main', 'cli.ts')
  const child = spawn(process.execPath, ['--import', 'tsx', entry, 'render', ...args], {
    env: {
      ...process.env,
      VOICEDESK_BASE_URL: sandbox.baseUrl,
      VOICEDESK_API_KEY: sandbox.keys.paid,
      VOICEDESK_CACHE_DIR: cacheDir,
      VOICEDESK_PLAN: 'paid',
      // No keychain in a child test process: credentials come from the environment only.
      DBUS_SESSION_BUS_ADDRESS: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()))
  child.stderr?.on('data', (c: Buffer) => (err += c.toString()))
  const exit = new Promise<CliExit>((resolve) =>
    child.on('close', (code) => resolve({ code, out, err })),
  )
  return { child, exit }
}
