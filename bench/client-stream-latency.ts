/**
 * Bench 1: the client's added latency on a stream: for each stream, the moment the first chunk
 * reaches the listener minus the moment its bytes came off the socket. 50 streams against the
 * sandbox on loopback; prints the median and p95. Target: median under 5 ms.
 *
 *   npx tsx bench/client-stream-latency.ts [--streams 50] [--smoke]
 */
import { parseArgs } from 'node:util'
import { benchArgs, sized } from './support/smoke'
import { startSandbox } from '../src/sandbox/index'
import { createUpstreamClient } from '../src/main/core/upstream/upstream-client'

const { values } = parseArgs({
  args: benchArgs(),
  options: { streams: { type: 'string', default: sized('50', '2') } },
})
const streams = Number(values.streams)

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)
  return sorted[Math.max(0, index)]!
}

const sandbox = await startSandbox({
  stream: { ttfbMs: 20, chunkBytes: 4096, chunkIntervalMs: 10 },
})
const client = createUpstreamClient({
  baseUrl: sandbox.baseUrl,
  credential: { kind: 'apiKey', secret: sandbox.keys.paid },
})
try {
  const input = 'The quick brown fox jumps over the lazy dog, twice, for the benchmark.'
  // One warm-up stream: engine start-up and the synthesis cache are not the client's latency.
  await client.stream({ input, voiceId: 'george', codec: 'mp3', onChunk: () => undefined })
  const lags: number[] = []
  const ttfb: number[] = []
  for (let i = 0; i < streams; i++) {
    const result = await client.stream({
      input,
      voiceId: 'george',
      codec: 'mp3',
      onChunk: () => undefined,
    })
    const { firstByteMs, firstChunkMs } = result.timings
    if (firstByteMs === null || firstChunkMs === null) throw new Error('a stream delivered nothing')
    lags.push(firstChunkMs - firstByteMs)
    ttfb.push(firstByteMs)
  }
  lags.sort((a, b) => a - b)
  ttfb.sort((a, b) => a - b)
  console.log(`streams: ${streams} (mp3, sandbox on loopback, ttfb 20 ms, 4 KiB chunks)`)
  console.log(
    `added latency (listener first chunk - socket first byte): median ${percentile(lags, 50).toFixed(3)} ms, p95 ${percentile(lags, 95).toFixed(3)} ms, max ${lags.at(-1)!.toFixed(3)} ms`,
  )
  console.log(
    `time to first byte from send: median ${percentile(ttfb, 50).toFixed(1)} ms, p95 ${percentile(ttfb, 95).toFixed(1)} ms`,
  )
  console.log(`target: median < 5 ms -> ${percentile(lags, 50) < 5 ? 'met' : 'NOT met'}`)
} finally {
  client.close()
  await sandbox.stop()
}
