import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { VerifyCredential } from './core/account/account-ports'
import type { Logger } from './core/log/logger'
import { createLogger } from './core/log/logger'
import { MemorySecretStore } from './core/secrets/memory-secret-store'
import type { SenderInfo } from './ipc/dispatch'
import type { MainRuntime, MainRuntimeOptions } from './runtime'
import { createTestPlatform } from './testing/test-platform'
import { createMainRuntime } from './runtime'
import { httpAppOrigin } from './security/app-origin'

/** The sender every trusted test call comes from: the main frame of the dev-server page. */
export const APP_SENDER: SenderInfo = {
  webContentsId: 1,
  isMainFrame: true,
  url: 'http://localhost:5173/',
  isWebview: false,
}

/** A runtime on a fresh temp folder with recording ports; `cleanup` disposes it and the folder. */
export async function createTestRuntime(overrides: Partial<MainRuntimeOptions> = {}): Promise<{
  runtime: MainRuntime
  userDataDir: string
  opened: string[]
  verifyCalls: Parameters<VerifyCredential>[0][]
  logLines: string[]
  cleanup: () => Promise<void>
}> {
  const userDataDir = await mkdtemp(join(tmpdir(), 'voicedesk-main-'))
  const { ports, recorder } = createTestPlatform({ unansweredDialogs: 'cancel' })
  const opened = recorder.openedExternally
  const verifyCalls: Parameters<VerifyCredential>[0][] = []
  const logLines: string[] = []
  const logger: Logger = createLogger({ sink: (line) => logLines.push(line), level: 'debug' })
  const runtime = await createMainRuntime({
    userDataDir,
    secretStore: new MemorySecretStore(),
    platform: ports,
    logger,
    appOrigins: [httpAppOrigin(APP_SENDER.url)],
    verifyCredential: (args) => {
      verifyCalls.push(args)
      return Promise.resolve({
        verifiedAt: '2026-01-01T00:00:00.000Z',
        voiceCount: 3,
        requestId: 'req_1',
      })
    },
    ...overrides,
  })
  return {
    runtime,
    userDataDir,
    opened,
    verifyCalls,
    logLines,
    cleanup: async () => {
      await runtime.dispose()
      await rm(userDataDir, { recursive: true, force: true })
    },
  }
}
