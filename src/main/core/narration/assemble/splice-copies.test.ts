import type { FileHandle } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import type { OutputFile } from './output-file'
import type { OutputLayout } from './output-layout'
import { SpliceCopies } from './splice-copies'

const layout: OutputLayout = {
  format: 'voicedesk-output-layout',
  version: 1,
  outputPath: '/books/book.wav',
  audioFormat: 'wav',
  sampleRate: 24000,
  dataOffset: 44,
  size: 44 + 2 * 300,
  mtimeMs: 0,
  ino: 1,
  segments: [
    ['a'.repeat(64), 100],
    ['', 100],
    ['b'.repeat(64), 100],
  ],
}

/** An output file that counts the background syncs asked of it. */
function countingFile(): { file: OutputFile; flushes: () => number } {
  let flushes = 0
  const file = { syncInBackground: () => (flushes += 1) }
  return { file: file as unknown as OutputFile, flushes: () => flushes }
}

describe('SpliceCopies.flushEarly', () => {
  it('asks the file for one background sync however often the walk waits', async () => {
    const { file, flushes } = countingFile()
    const copies = new SpliceCopies(layout, 44, {} as FileHandle, file)
    copies.flushEarly()
    copies.flushEarly()
    copies.flushEarly()
    await copies.settled()
    expect(flushes()).toBe(1)
  })

  it('leaves a stretch that did not move where it is, without copying it', async () => {
    const { file } = countingFile()
    const copies = new SpliceCopies(layout, 44, {} as FileHandle, file)
    expect(copies.reuse('a'.repeat(64), 100, 0)).toBe(true)
    expect(copies.reuse('', 100, 100)).toBe(true)
    copies.close()
    await copies.settled()
    expect(copies.keptBytes).toBe(400)
    expect(copies.copiedBytes).toBe(0)
    expect(copies.reuse('c'.repeat(64), 100, 200)).toBe(false)
  })
})
