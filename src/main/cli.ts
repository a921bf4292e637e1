/**
 * The command-line entry: the same core as the app, no window. `npm run cli -- <command>` or the
 * `voicedesk` bin. Ctrl-C aborts the request in flight (the network stops at once), exit 130.
 */
import { KeytarSecretStore } from './core/secrets/keytar-secret-store'
import { runCli } from './cli/run'

const controller = new AbortController()
let interrupted = false
process.on('SIGINT', () => {
  // A second Ctrl-C leaves at once, whatever is still running.
  if (interrupted) process.exit(130)
  interrupted = true
  controller.abort()
})

const code = await runCli(process.argv.slice(2), {
  io: {
    out: (text) => void process.stdout.write(text),
    err: (text) => void process.stderr.write(text),
  },
  env: process.env,
  signal: controller.signal,
  secrets: () => Promise.resolve(new KeytarSecretStore()),
  isTTY: process.stderr.isTTY,
})
process.exitCode = code
