import { parseArgs } from 'node:util'
import type { SandboxOptions } from './options.js'
import { startSandbox } from './sandbox.js'

const USAGE = `Usage: npm run sandbox -- [--port N] [--host 127.0.0.1] [--state-dir DIR] [--shapes older|newer]
                           [--extra-voices N] [--demo-keys] [--seed N] [--exit-with-parent]
                           [--service-time-ms N] [--synth-cache-mb N]
Environment: VOICEDESK_SANDBOX_KEY fixes the paid-plan API key.`

function cliOptions(): SandboxOptions {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'state-dir': { type: 'string' },
      shapes: { type: 'string' },
      'extra-voices': { type: 'string' },
      'demo-keys': { type: 'boolean' },
      'exit-with-parent': { type: 'boolean' },
      seed: { type: 'string' },
      'service-time-ms': { type: 'string' },
      'synth-cache-mb': { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
  })
  if (values.help) {
    console.log(USAGE)
    process.exit(0)
  }
  const integer = (name: string, raw: string | undefined): number | undefined => {
    if (raw === undefined) return undefined
    const value = Number(raw)
    if (!Number.isInteger(value) || value < 0)
      throw new Error(`--${name} must be a non-negative integer`)
    return value
  }
  if (values.shapes !== undefined && values.shapes !== 'older' && values.shapes !== 'newer') {
    throw new Error('--shapes must be older or newer')
  }
  const paidKey = process.env['VOICEDESK_SANDBOX_KEY']
  return {
    port: integer('port', values.port) ?? 0,
    host: values.host ?? '127.0.0.1',
    ...(values['state-dir'] ? { stateDir: values['state-dir'] } : {}),
    ...(values.shapes ? { shapes: values.shapes } : {}),
    extraVoices: integer('extra-voices', values['extra-voices']) ?? 0,
    seed: integer('seed', values.seed) ?? 1,
    demoKeys: values['demo-keys'] ?? false,
    serviceTimeMs: integer('service-time-ms', values['service-time-ms']) ?? 0,
    ...(values['synth-cache-mb'] !== undefined
      ? { synthCacheBytes: (integer('synth-cache-mb', values['synth-cache-mb']) ?? 64) * 1024 ** 2 }
      : {}),
    ...(paidKey ? { keys: { paid: paidKey } } : {}),
    log: (line) => console.error(`[sandbox] ${line}`),
  }
}

async function main(): Promise<void> {
  let options: SandboxOptions
  const exitWithParent = process.argv.includes('--exit-with-parent')
  try {
    options = cliOptions()
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error))
    console.error(USAGE)
    process.exit(2)
  }
  const sandbox = await startSandbox(options)
  const lines = [
    `Base URL: ${sandbox.baseUrl}`,
    `Legacy base URL: ${sandbox.legacyBaseUrl}`,
    `API key (paid plan): ${sandbox.keys.paid}`,
    `API key (free plan): ${sandbox.keys.free}`,
    ...sandbox
      .state()
      .conversations.map(
        (conversation) => `Conversation ${conversation.id} (${conversation.status})`,
      ),
    `Conversations of the paid account: ${sandbox.state().conversationCount} (a new one every ${sandbox.state().conversationFeed.everyMs / 1000} s)`,
    `Start a live conversation: curl -X POST ${sandbox.baseUrl}/sandbox/conversations`,
    `Request log: ${sandbox.baseUrl}/sandbox/requests`,
    `State folder: ${sandbox.stateDir}`,
  ]
  console.log(lines.join('\n'))
  let stopping = false
  const stop = (signal: string): void => {
    if (stopping) return
    stopping = true
    console.log(`Stopping sandbox (${signal})`)
    sandbox.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  }
  // The app starts the sandbox as its child in development: when the app goes (even killed), its
  // end of our stdin closes, and the sandbox follows instead of lingering on its port.
  if (exitWithParent) {
    process.stdin.on('end', () => stop('parent exited'))
    process.stdin.on('error', () => stop('parent exited'))
    process.stdin.resume()
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
}

await main()
