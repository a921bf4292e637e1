import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { silentAdtsFrame } from './aac-frames'
import { openAudioOutput } from './audio-output'
import { createOutputFile, verifyOutput } from './output-file'
import { speechLikeSignal } from '../../../testing/test-audio'
import { useTempDirs } from '../../../testing/temp-dir'

const tempDir = useTempDirs('vd-verify-')

const signal = speechLikeSignal(1.5, 24_000)

async function encoded(dir: string, format: 'mp3' | 'ogg' | 'wav'): Promise<Buffer> {
  const path = join(dir, `good.${format}`)
  const out = await openAudioOutput(path, { format, sampleRate: 24_000 })
  await out.write(signal.slice())
  await out.commit()
  return readFile(path)
}

describe('verifying a finished output', () => {
  it.each([
    ['mp3', /MP3|frame/i],
    ['ogg', /Ogg|page/i],
    ['wav', /WAV|arrived/i],
  ] as const)('refuses a %s file cut short', async (format, reason) => {
    const dir = await tempDir()
    const bytes = await encoded(dir, format)
    const cut = join(dir, `cut.${format}`)
    await writeFile(cut, bytes.subarray(0, Math.floor(bytes.byteLength * 0.6) + 1))
    await expect(
      verifyOutput(cut, { format, sampleRate: 24_000, samples: signal.length }),
    ).rejects.toThrow(reason)
  })

  it('refuses a damaged Ogg page (checksum) and an ADTS stream of the wrong length', async () => {
    const dir = await tempDir()
    const bytes = Buffer.from(await encoded(dir, 'ogg'))
    bytes[bytes.byteLength - 10] = bytes[bytes.byteLength - 10]! ^ 0xff
    const damaged = join(dir, 'damaged.ogg')
    await writeFile(damaged, bytes)
    await expect(
      verifyOutput(damaged, { format: 'ogg', sampleRate: 24_000, samples: signal.length }),
    ).rejects.toThrow(/checksum/)
    const aac = join(dir, 'short.aac')
    await writeFile(aac, Buffer.concat(Array(3).fill(silentAdtsFrame()) as Uint8Array[]))
    await expect(
      verifyOutput(aac, { format: 'aac', sampleRate: 24_000, samples: 4 * 1024 }),
    ).rejects.toThrow(/3 AAC frames instead of 4/)
  })

  it('never renames a file that fails the check: the target stays as it was', async () => {
    const dir = await tempDir()
    const target = join(dir, 'book.mp3')
    await writeFile(target, 'the previous book')
    const out = await createOutputFile(target)
    await out.write(new Uint8Array(4000).fill(0x55))
    await expect(out.commit({ format: 'mp3', sampleRate: 24_000, samples: 1000 })).rejects.toThrow(
      /damaged/,
    )
    expect(await readFile(target, 'utf8')).toBe('the previous book')
    expect(await readdir(dir)).toEqual(['book.mp3'])
  })
})
