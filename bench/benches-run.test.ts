import { describe, expect, it } from 'vitest'
import { runBenchSmoke } from './support/run-smoke'

/**
 * Every bench that runs under plain Node, at its small size, with the lines its figures are
 * printed on (their labels, never their values: a bench measures, the test run does not judge).
 * The benches that drive the built renderer in Chromium run after the build, in
 * e2e/benches-run.spec.ts.
 */
const NODE_BENCHES: Record<string, RegExp[]> = {
  'client-scheduler-makespan': [/^makespan [\d.]+ s, theoretical minimum/m, /^ratio [\d.]+/m],
  'client-stream-latency': [/^added latency .*median [\d.]+ ms/m],
  'conversations-live-requests': [/^requests: \d+, [\d.]+ req\/s mean/m],
  'conversations-overview': [
    /^first read, last 7 days +[\d.]+ s .* p99 +[\d.]+ ms/m,
    /^same period again \(main's copy\): [\d.]+ ms/m,
    /^next start, last 7 days +[\d.]+ s .* p99 +[\d.]+ ms/m,
  ],
  'lexicon-plan': [
    /^block states \(blockStates\) +[\d.]+ s .* max +[\d.]+ ms/m,
    /^render checks \(startRender\) +[\d.]+ s .* max +[\d.]+ ms/m,
    /^20 block previews \(planBlock\) +[\d.]+ s .* max +[\d.]+ ms/m,
  ],
  'narration-profile': [/^total \d+ ms; phases/m, /max event-loop lag \d+ ms/],
  'narration-render': [/^makespan: [\d.]+ s, theoretical minimum/m, /^re-render after a one/m],
  'pdf-import': [
    /^pdf import \(importDropped\) #1 +[\d.]+ s .* p99 +[\d.]+ ms/m,
    /^pdf import \(importDropped\) #2 +[\d.]+ s .* p99 +[\d.]+ ms/m,
    /^pdf import \d+ pages: median [\d.]+ s, min [\d.]+ s over \d+ runs, \d+ pages\/s/m,
    /^(pdftotext \d+ pages: median [\d.]+ s, min [\d.]+ s over \d+ runs; VoiceDesk's median is [\d.]+ times|pdftotext: not installed)/m,
    /^(CPU time, medians: VoiceDesk [\d.]+ s \(the whole process\), pdftotext [\d.]+ s; [\d.]+ times|pdftotext: not installed)/m,
    /^load average \(1, 5, 15 min\) at the end: [\d.]+ [\d.]+ [\d.]+ on \d+ cores/m,
    /^memory \d+ pages .*peak RSS growth -?\d+ MB/m,
    /^targets: main's p99 during the import [\d.]+ ms, the worst of \d+ runs .*(pdftotext ratio not measured|times pdftotext's time)/m,
  ],
  'plan-responsiveness': [
    /^plan \(blockStates\) +[\d.]+ s .* max +[\d.]+ ms/m,
    /^render start \(startRender\) +[\d.]+ s .* max +[\d.]+ ms/m,
  ],
  'sandbox-throughput': [/^wav, distinct texts +[\d.]+ req\/s/m],
  'voiceover-render': [/^makespan: [\d.]+ s, service's bound: [\d.]+ s, ratio: [\d.]+/m],
  'voiceover-plan': [
    /^open and check \(voiceover:open\) +[\d.]+ s .* p99 +[\d.]+ ms/m,
    /^20 edits \(voiceover:editLine\) +[\d.]+ s .* p99 +[\d.]+ ms/m,
    /^3 fits \(voiceover:setSettings\) +[\d.]+ s .* p99 +[\d.]+ ms/m,
    /^lines sent per fit change \(of \d+\): stretch \d+, shift \d+, rate \d+/m,
  ],
}

/** A bench's smoke run takes seconds; the cap is for a box busy with other work. */
const CAP_MS = 240_000

describe('every bench runs at a small size and prints its figures', () => {
  for (const [name, figures] of Object.entries(NODE_BENCHES)) {
    it(`bench/${name}.ts`, { timeout: CAP_MS + 10_000 }, async () => {
      const run = await runBenchSmoke(name, CAP_MS)
      console.log(`--- bench/${name}.ts (smoke)\n${run.output}`)
      expect(run.code, run.output).toBe(0)
      for (const line of figures) expect(run.output).toMatch(line)
    })
  }
})
