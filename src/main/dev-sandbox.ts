import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import type { SandboxAccount } from './core/account/account-ports'

/** A running development sandbox and how to stop it. */
export type DevSandbox = SandboxAccount & { stop(): Promise<void> }

export interface DevSandboxOptions {
  /** The project folder (where src/sandbox and node_modules are). */
  projectRoot: string
  /** The Node binary to run it with; Electron's own binary works with ELECTRON_RUN_AS_NODE. */
  nodeBinary: string
  env?: NodeJS.ProcessEnv
  /** How long to wait for the sandbox to print its address. */
  timeoutMs?: number
  /** More sandbox CLI flags (benchmarks: `--service-time-ms`, `--synth-cache-mb`). */
  extraArgs?: string[]
}

/**
 * Starts the sandbox (a local stand-in for the service) as a child process for development runs
 * and returns its base URL and paid demo key. Why a separate process rather than an import: the
 * sandbox synthesises speech with a CPU-heavy engine that would stall the main process (and the
 * window with it), and none of its code, nor its GPL speech engine, is ever bundled into the app.
 */
export function spawnDevSandbox(options: DevSandboxOptions): Promise<DevSandbox> {
  const child = spawn(
    options.nodeBinary,
    [
      '--import',
      'tsx',
      'src/sandbox/cli.ts',
      '--port',
      '0',
      '--demo-keys',
      '--exit-with-parent',
      ...(options.extraArgs ?? []),
    ],
    {
      cwd: options.projectRoot,
      env: { ...(options.env ?? process.env), ELECTRON_RUN_AS_NODE: '1' },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  )
  const stderr: string[] = []
  child.stderr.setEncoding('utf8')
  child.stderr.on('data', (chunk: string) => {
    stderr.push(chunk)
    if (stderr.length > 50) stderr.shift()
  })

  const stop = (): Promise<void> =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
    })

  return new Promise<DevSandbox>((resolve, reject) => {
    let baseUrl: string | null = null
    let apiKey: string | null = null
    const timer = setTimeout(() => {
      void stop()
      reject(
        new Error(`the development sandbox did not start in time: ${stderr.join('').slice(-500)}`),
      )
    }, options.timeoutMs ?? 60_000)
    const lines = createInterface({ input: child.stdout })
    lines.on('line', (line) => {
      const base = /^Base URL: (\S+)$/.exec(line)
      if (base) baseUrl = base[1] ?? null
      const key = /^API key \(paid plan\): (\S+)$/.exec(line)
      if (key) apiKey = key[1] ?? null
      if (baseUrl !== null && apiKey !== null) {
        clearTimeout(timer)
        lines.removeAllListeners('line')
        resolve({ baseUrl, apiKey, stop })
      }
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`the development sandbox exited (${code}): ${stderr.join('').slice(-500)}`))
    })
    child.once('error', (error) => {
      clearTimeout(timer)
      reject(new Error(`the development sandbox could not be started: ${error.message}`))
    })
  })
}

/**
 * In development runs (`npm start`), starts the sandbox; in release builds returns null and the
 * branch is dropped by the bundler, since `import.meta.env.DEV` is a build-time constant.
 */
export async function startDevSandbox(projectRoot: string): Promise<DevSandbox | null> {
  if (!import.meta.env.DEV) return null
  return spawnDevSandbox({ projectRoot, nodeBinary: process.execPath })
}
