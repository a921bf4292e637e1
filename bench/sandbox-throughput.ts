// Speech throughput of the sandbox on this machine: how many /v1/audio/speech requests per second
// it serves, and their latency, so later benchmarks know whether the sandbox is their bottleneck.
// Run: npx tsx bench/sandbox-throughput.ts [--requests 200] [--concurrency 15] [--threads N] [--smoke]
import { availableParallelism, cpus } from 'node:os'
import { parseArgs } from 'node:util'
import { benchArgs, sized } from './support/smoke'
import { startSandbox, type Sandbox } from '../src/sandbox/index.js'

const { values } = parseArgs({
  args: benchArgs(),
  options: {
    requests: { type: 'string', default: sized('200', '2') },
    concurrency: { type: 'string', default: sized('15', '3') },
    threads: { type: 'string' },
  },
})
const requests = Number(values.requests)
const concurrency = Number(values.concurrency)

const WORDS = [
  'narration',
  'studio',
  'voice',
  'timing',
  'harbour',
  'evening',
  'signal',
  'river',
  'morning',
  'lantern',
]

/** A distinct text of about 200 characters for request `n` (distinct so the render cache never helps). */
function text(n: number): string {
  const a = WORDS[n % WORDS.length] ?? ''
  const b = WORDS[Math.floor(n / WORDS.length) % WORDS.length] ?? ''
  return `Request ${n} reads a short paragraph about the ${a} and the ${b}. It is long enough to take a few seconds to say aloud, like a typical piece of a narration script sent by the app.`
}

interface Run {
  label: string
  seconds: number
  latencies: number[]
  audioSeconds: number
  failures: number
}

async function run(
  sandbox: Sandbox,
  label: string,
  format: 'wav' | 'mp3',
  distinct: boolean,
  count = requests,
  firstText = 0,
): Promise<Run> {
  const latencies: number[] = []
  let audioSeconds = 0
  let failures = 0
  let next = 0
  const started = performance.now()
  const worker = async (): Promise<void> => {
    for (let n = next++; n < count; n = next++) {
      const sent = performance.now()
      const response = await fetch(`${sandbox.baseUrl}/v1/audio/speech`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${sandbox.keys.paid}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({
          input: text(firstText + (distinct ? n : 0)),
          voice_id: 'george',
          audio_format: format,
        }),
      })
      const body = (await response.json()) as { speech_marks?: { end_time: number } }
      latencies.push(performance.now() - sent)
      if (response.status !== 200) failures++
      audioSeconds += (body.speech_marks?.end_time ?? 0) / 1000
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return { label, seconds: (performance.now() - started) / 1000, latencies, audioSeconds, failures }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}

function report(result: Run): string {
  const sorted = [...result.latencies].sort((a, b) => a - b)
  const ms = (value: number): string => `${Math.round(value)}`.padStart(6)
  return [
    result.label.padEnd(24),
    `${(result.latencies.length / result.seconds).toFixed(1).padStart(7)} req/s`,
    `p50 ${ms(percentile(sorted, 50))} ms`,
    `p90 ${ms(percentile(sorted, 90))} ms`,
    `p99 ${ms(percentile(sorted, 99))} ms`,
    `max ${ms(sorted.at(-1) ?? 0)} ms`,
    `${(result.audioSeconds / result.seconds).toFixed(0).padStart(5)}x realtime`,
    `failures ${result.failures}`,
  ].join('  ')
}

const threads = values.threads === undefined ? undefined : Number(values.threads)
const sandbox = await startSandbox({
  limits: { paid: { synthesisPerSecond: Infinity, synthesisConcurrency: Infinity } },
  ...(threads === undefined ? {} : { synthThreads: threads }),
})
try {
  console.log(
    `sandbox speech throughput: ${requests} requests of ~${text(0).length} characters, concurrency ${concurrency}`,
  )
  console.log(
    `machine: ${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown'}), node ${process.version}, synthesis threads ${threads ?? Math.min(2, availableParallelism())}`,
  )
  // Warm-up pass, not reported: the engine's WASM code keeps getting faster over its first renders.
  await run(sandbox, 'warm-up', 'mp3', true, sized(40, 1), 100_000)
  for (const [label, format, distinct, firstText] of [
    ['wav, distinct texts', 'wav', true, 0],
    ['mp3, distinct texts', 'mp3', true, 1000],
    ['mp3, one repeated text', 'mp3', false, 2000],
  ] as const) {
    console.log(report(await run(sandbox, label, format, distinct, requests, firstText)))
  }
} finally {
  await sandbox.stop()
}
