/**
 * A bench's main process: the real runtime and dispatcher (the handlers and services the app
 * runs), signed in to a sandbox on loopback with a paid account's key, and a probe that measures
 * how long main's event loop kept a cheap call (`app:getInfo`) waiting while work runs.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MemorySecretStore } from '../../src/main/core/secrets/memory-secret-store'
import { silentLogger } from '../../src/main/core/log/logger'
import type { SenderInfo } from '../../src/main/ipc/dispatch'
import { createMainRuntime } from '../../src/main/runtime'
import type { PlatformRecorder } from '../../src/main/testing/test-platform'
import { createTestPlatform } from '../../src/main/testing/test-platform'
import { startSandbox } from '../../src/sandbox/index'
import { startSandboxThread } from './sandbox-thread'

/** What one probed phase measured: how long it took and how long calls waited for main. */
export interface ProbeFigures {
  seconds: number
  calls: number
  p50Ms: number
  p99Ms: number
  maxMs: number
}

export interface MainBench {
  /** Calls a channel as the app's window would; a failed call throws with its code. */
  call: <T>(channel: string, input: unknown) => Promise<T>
  /** Runs `work` while `app:getInfo` is due every `everyMs`; prints and returns the figures. */
  probe: (label: string, work: () => Promise<unknown>) => Promise<ProbeFigures>
  /** Answers for the bench's native dialogs (unanswered ones are cancelled). */
  platform: PlatformRecorder
  /**
   * Ends main's runtime and starts a new one on the same data folder, signed in again: the app's
   * next start, with what the first one saved on disk.
   */
  restart: () => Promise<void>
  dispose: () => Promise<void>
}

const SENDER: SenderInfo = {
  webContentsId: 1,
  isMainFrame: true,
  url: 'app://voicedesk/index.html',
  isWebview: false,
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)
  return sorted[Math.max(0, index)] ?? 0
}

/** Starts the sandbox and main's runtime, and sets the account's base URL and key. */
export async function startMainBench(options: {
  everyMs: number
  /** More sandbox options (a bigger conversation history, say). */
  sandbox?: Partial<Parameters<typeof startSandbox>[0]>
  /** Sees every event main sends the window. */
  onEvent?: (channel: string, payload: unknown) => void
  /** The sandbox on its own thread, so the probe times main alone (see sandbox-thread.ts). */
  sandboxThread?: boolean
}): Promise<MainBench> {
  const dir = await mkdtemp(join(tmpdir(), 'vd-main-bench-'))
  const sandboxOptions = { synthThreads: 1, warmUp: false, ...options.sandbox }
  const sandbox =
    options.sandboxThread === true
      ? await startSandboxThread(sandboxOptions)
      : await startSandbox(sandboxOptions)
  // The bench's save dialogs are cancelled: a render stops after its checks, before any audio.
  const { ports, recorder } = createTestPlatform({ unansweredDialogs: 'cancel' })
  const startRuntime = () =>
    createMainRuntime({
      userDataDir: dir,
      secretStore: new MemorySecretStore(),
      logger: silentLogger,
      platform: ports,
      appOrigins: () => true,
    })
  let runtime = await startRuntime()
  const emit = (channel: string, payload: unknown): void => options.onEvent?.(channel, payload)
  const call = async <T>(channel: string, input: unknown): Promise<T> => {
    const result = await runtime.dispatch(channel, input, SENDER, emit)
    if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`)
    return result.data as T
  }
  const signIn = async (): Promise<void> => {
    await call('account:setBaseUrl', { baseUrl: sandbox.baseUrl })
    await call('account:setApiKey', { apiKey: sandbox.keys.paid })
  }
  await signIn()
  const restart = async (): Promise<void> => {
    await runtime.dispose()
    runtime = await startRuntime()
    await signIn()
  }

  const probe = async (label: string, work: () => Promise<unknown>): Promise<ProbeFigures> => {
    const samples: number[] = []
    let running = true
    const start = performance.now()
    const prober = (async () => {
      for (let k = 1; running; k++) {
        const due = start + k * options.everyMs
        const wait = due - performance.now()
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
        // A call that could not be sent on time (main was busy) still counts from when it was due.
        await call('app:getInfo', undefined)
        // A timer may fire a fraction of a ms early: such a call waited for nothing.
        samples.push(Math.max(0, performance.now() - due))
      }
    })()
    await work()
    const seconds = (performance.now() - start) / 1000
    running = false
    await prober
    const sorted = samples.sort((a, b) => a - b)
    const figures = {
      seconds,
      calls: sorted.length,
      p50Ms: percentile(sorted, 50),
      p99Ms: percentile(sorted, 99),
      maxMs: sorted.at(-1) ?? 0,
    }
    const f = (v: number): string => v.toFixed(1).padStart(8)
    console.log(
      `${label.padEnd(30)} ${seconds.toFixed(2).padStart(6)} s   calls ${String(figures.calls).padStart(5)}   p50 ${f(figures.p50Ms)} ms   p99 ${f(figures.p99Ms)} ms   max ${f(figures.maxMs)} ms`,
    )
    return figures
  }

  const dispose = async (): Promise<void> => {
    await runtime.dispose()
    await sandbox.stop()
    await rm(dir, { recursive: true, force: true })
  }
  return { call, probe, platform: recorder, restart, dispose }
}
