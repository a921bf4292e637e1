import { afterAll, beforeAll } from 'vitest'
import { useTempDirs } from './temp-dir'

/** What a test file runs against and stops at the end: the sandbox, or a test harness. */
interface Stoppable {
  stop(): Promise<void>
}

/**
 * Starts `start()` before a test file's first test, with one temporary folder named with
 * `prefix`, and stops it (and removes the folder) after the file's last test. `service` and
 * `dir` are set once the file's tests run. Call once at the top level of a test file.
 */
export function useServiceAndDir<S extends Stoppable>(
  prefix: string,
  start: () => Promise<S>,
): { readonly service: S; readonly dir: string } {
  const tempDir = useTempDirs(prefix)
  const env: { service?: S; dir?: string } = {}
  beforeAll(async () => {
    env.service = await start()
    env.dir = await tempDir()
  })
  afterAll(async () => {
    await env.service?.stop()
  })
  return {
    get service(): S {
      if (env.service === undefined) throw new Error('the service starts before the first test')
      return env.service
    },
    get dir(): string {
      if (env.dir === undefined) throw new Error('the folder is made before the first test')
      return env.dir
    },
  }
}
