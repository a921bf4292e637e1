/** The worker thread's side of sandbox-thread.ts: starts the sandbox it is sent, stops it when asked. */
import { parentPort } from 'node:worker_threads'
import { startSandbox } from '../../src/sandbox/index'

const port = parentPort
if (port === null) throw new Error('sandbox-thread-entry runs on a worker thread')
port.once('message', (options: Parameters<typeof startSandbox>[0]) => {
  void startSandbox(options).then((sandbox) => {
    port.postMessage({ baseUrl: sandbox.baseUrl, keys: { paid: sandbox.keys.paid } })
    port.once('message', () => {
      void sandbox.stop().then(() => port.postMessage('stopped'))
    })
  })
})
