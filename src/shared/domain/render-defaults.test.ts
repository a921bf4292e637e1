import { describe, expect, it } from 'vitest'
import { defaultsForRender } from './render-defaults'
import { createProject } from './script'

const defaults = createProject({ title: 'Harbour', blocks: [{ id: 'a', text: 'One.' }] }).defaults

describe('defaultsForRender', () => {
  it("takes the render's format, rate, level, bitrate and preset, and keeps the pauses", () => {
    const next = defaultsForRender(
      { ...defaults, pauseBetweenBlocksMs: 450 },
      {
        format: 'mp3',
        sampleRate: 44_100,
        split: 'chapter',
        subtitles: 'srt',
        loudness: { mode: 'service' },
        mp3: { mode: 'cbr', bitrateKbps: 192 },
        preset: 'acx',
      },
    )
    expect(next).toMatchObject({
      format: 'mp3',
      sampleRate: 44_100,
      pauseBetweenBlocksMs: 450,
      mp3: { mode: 'cbr', bitrateKbps: 192 },
      preset: 'acx',
    })
  })

  it('drops the old preset when the render has none', () => {
    const next = defaultsForRender(
      { ...defaults, preset: 'acx' },
      {
        format: 'wav',
        sampleRate: 48_000,
        split: 'none',
        subtitles: 'none',
        loudness: { mode: 'target', targetLufs: -18 },
      },
    )
    expect(next.preset).toBeUndefined()
    expect(next.loudness).toEqual({ mode: 'target', targetLufs: -18 })
  })
})
