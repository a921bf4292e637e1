import type { SandboxAccount } from './core/account/account-ports'

/** A running development sandbox and how to stop it. */
export type DevSandbox = SandboxAccount & { stop(): Promise<void> }

/**
 * Starts the in-process sandbox (a local stand-in for the upstream service) in development runs.
 * Why a dynamic import behind `import.meta.env.DEV`: the bundler drops the whole branch from
 * release builds, so no sandbox code ships. Returns null in release builds.
 */
export async function startDevSandbox(): Promise<DevSandbox | null> {
  if (!import.meta.env.DEV) return null
  const { startSandbox } = await import('../sandbox/index')
  const sandbox = await startSandbox({ demoKeys: true })
  return {
    baseUrl: sandbox.baseUrl,
    apiKey: sandbox.keys.paid,
    stop: () => Promise.resolve(sandbox.stop()),
  }
}
