import { describe, expect, it } from 'vitest'
import { planSpeech } from '../audio/speech-plan.js'
import type { RenderJob } from './render.js'
import { SynthService } from './synth-service.js'

function job(text: string): RenderJob {
  return {
    items: planSpeech(text, { textNormalization: false }).items,
    voice: { espeakVoice: 'gmw/en-US', pitch: 50, range: 50, rate: 175, gain: 1 },
    format: 'pcm',
    loudnessNormalization: false,
  }
}

describe('SynthService', () => {
  it('renders on the main thread when threads are off, sharing and caching identical jobs', async () => {
    const service = new SynthService(0, 1024 * 1024, () => undefined, false)
    await service.ready()
    const [a, b] = await Promise.all([
      service.render(job('Same words.')),
      service.render(job('Same words.')),
    ])
    expect(a).toBe(b)
    expect(await service.render(job('Same words.'))).toBe(a)
    expect(a.audio.byteLength).toBeGreaterThan(10_000)
    expect(a.wordTimes).toHaveLength(2)
    const other = await service.render(job('Other words.'))
    expect(other).not.toBe(a)
    await service.stop()
  })

  it('evicts the oldest renders past its byte budget', async () => {
    const service = new SynthService(0, 1, () => undefined, false)
    const first = await service.render(job('Not kept.'))
    expect(await service.render(job('Not kept.'))).not.toBe(first)
    await service.stop()
  })

  it('renders on a worker thread like on the main thread', async () => {
    const threaded = new SynthService(1, 0, () => undefined, false)
    const inline = new SynthService(0, 0, () => undefined, false)
    await threaded.ready()
    const [x, y] = await Promise.all([
      threaded.render(job('Thread check.')),
      inline.render(job('Thread check.')),
    ])
    // The engine keeps a little state between utterances, so lengths match closely rather than exactly.
    expect(Math.abs(x.audio.byteLength - y.audio.byteLength) / y.audio.byteLength).toBeLessThan(
      0.02,
    )
    expect(x.wordTimes).toHaveLength(y.wordTimes.length)
    await Promise.all([threaded.stop(), inline.stop()])
  })
})
