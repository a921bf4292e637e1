import { describe, expect, it } from 'vitest'
import { findingsFor, measureChannels, measuresText, worstSeverity } from './sample-analysis'
import { concatFloat32, encodeWav } from './wav-encoder'

describe('encodeWav', () => {
  it('writes a 16-bit mono PCM header and clamped little-endian samples', () => {
    const wav = encodeWav(new Float32Array([0, 1, -1, 2, -0.5]), 16_000)
    const view = new DataView(wav.buffer)
    const text = (at: number) => String.fromCharCode(...wav.subarray(at, at + 4))
    expect([text(0), text(8), text(12), text(36)]).toEqual(['RIFF', 'WAVE', 'fmt ', 'data'])
    expect(view.getUint32(4, true)).toBe(36 + 10)
    expect(view.getUint16(20, true)).toBe(1)
    expect(view.getUint16(22, true)).toBe(1)
    expect(view.getUint32(24, true)).toBe(16_000)
    expect(view.getUint16(34, true)).toBe(16)
    expect(view.getUint32(40, true)).toBe(10)
    expect([0, 1, 2, 3, 4].map((i) => view.getInt16(44 + i * 2, true))).toEqual([
      0, 32767, -32768, 32767, -16384,
    ])
  })

  it('joins recorded blocks in order', () => {
    expect([...concatFloat32([new Float32Array([1, 2]), new Float32Array([3])])]).toEqual([1, 2, 3])
  })
})

describe('sample findings', () => {
  const rate = 8000
  const tone = (seconds: number, amplitude: number) => {
    const data = new Float32Array(seconds * rate)
    for (let i = 0; i < data.length; i++)
      data[i] = amplitude * Math.sin((2 * Math.PI * 220 * i) / rate)
    return data
  }

  it('accepts a 12 s sample at a normal level', () => {
    const findings = findingsFor(measureChannels([tone(12, 0.3)], rate))
    expect(worstSeverity(findings)).toBe('ok')
    expect(findings.map((f) => f.id)).toEqual(['duration', 'level'])
  })

  it('says what it found in words, and keeps the numbers for Details', () => {
    const samples = [tone(12, 0.3), tone(12, 0.005), tone(12, 3), new Float32Array(12 * rate)]
    for (const data of samples) {
      const measures = measureChannels([data], rate)
      for (const finding of findingsFor(measures)) {
        expect(`${finding.title} ${finding.detail}`).not.toMatch(/dB|Hz|%|full scale/)
      }
    }
    expect(measuresText(measureChannels([tone(12, 0.3)], rate))).toMatch(
      /^\d{1,2},\d{3} Hz, mono · average -\d+\.\d dBFS, peak -\d+\.\d dBFS · 0\.00% clipped$/,
    )
  })

  it('warns outside 10-30 s and refuses silence and heavy clipping', () => {
    expect(findingsFor(measureChannels([tone(5, 0.3)], rate))[0]).toMatchObject({
      id: 'duration',
      severity: 'warning',
    })
    expect(findingsFor(measureChannels([tone(31, 0.3)], rate))[0]?.severity).toBe('warning')
    const silent = findingsFor(measureChannels([new Float32Array(12 * rate)], rate))
    expect(silent.find((f) => f.id === 'silence')?.severity).toBe('error')
    const clipped = findingsFor(measureChannels([tone(12, 3)], rate))
    expect(clipped.find((f) => f.id === 'clipping')?.severity).toBe('error')
  })

  it('says a sample\'s length in words a person uses, not "5.0 s"', () => {
    expect(findingsFor(measureChannels([tone(5, 0.3)], rate))[0]?.detail).toBe(
      'The sample lasts 5 seconds; 10 to 30 seconds gives a closer clone.',
    )
    expect(findingsFor(measureChannels([tone(12, 0.3)], rate))[0]?.detail).toBe(
      '12 seconds, within the recommended 10 to 30 seconds.',
    )
  })
})
