import { describe, expect, it } from 'vitest'
import { mp3EncodingProblem } from '../../../../../shared/domain/mp3-encoding'
import type { RenderSettings } from '../../../../../shared/domain/script-workspace'
import { createProject } from '../../../../../shared/domain/script'
import { initialRenderSettings, settingsForFormat } from './render-settings'

/** Whether the render would take these settings (the same rule main refuses them by). */
function writable(settings: RenderSettings): boolean {
  return (
    settings.format !== 'mp3' ||
    mp3EncodingProblem(settings.mp3 ?? { mode: 'vbr' }, settings.sampleRate) === null
  )
}

describe('the render dialog never starts from an MP3 it would refuse', () => {
  const cbr192 = { mode: 'cbr' as const, bitrateKbps: 192 as const }

  it('opens a project saved at 24 kHz with 192 kbps at 44.1 kHz, keeping the bitrate', () => {
    const { defaults } = createProject({
      title: 'Book',
      defaults: { format: 'mp3', sampleRate: 24_000, mp3: cbr192 },
      blocks: [{ id: 'b1', text: 'One.' }],
    })
    const settings = initialRenderSettings(defaults)
    expect(settings).toMatchObject({ sampleRate: 44_100, mp3: cbr192 })
    expect(writable(settings)).toBe(true)
  })

  it('comes back from AAC (24 kHz only) to MP3 at a rate the bitrate fits', () => {
    const mp3: RenderSettings = {
      format: 'mp3',
      sampleRate: 44_100,
      split: 'none',
      subtitles: 'none',
      loudness: { mode: 'service' },
      mp3: cbr192,
    }
    const aac = settingsForFormat(mp3, 'm4b')
    expect(aac.sampleRate).toBe(24_000)
    const back = settingsForFormat(aac, 'mp3')
    expect(writable(back)).toBe(true)
    expect(back).toMatchObject({ sampleRate: 44_100, mp3: cbr192 })
    // A variable bitrate fits every rate: the rate stays.
    expect(settingsForFormat({ ...aac, mp3: { mode: 'vbr' } }, 'mp3').sampleRate).toBe(24_000)
  })
})
