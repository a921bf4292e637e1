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

/** An output file whose handle counts the early flushes asked of it; `fail` makes them fail. */
function countingFile(fail = false): { file: OutputFile; flushes: () => number } {
  let flushes = 0
  const handle = {
    datasync: () => {
      flushes += 1
      return fail ? Promise.reject(new Error('EIO')) : Promise.resolve()
    },
  }
  return { file: { handle } as unknown as OutputFile, flushes: () => flushes }
}

describe('SpliceCopies.flushEarly', () => {
  it('starts one background flush however often the walk waits, and settles with it', async () => {
    const { file, flushes } = countingFile()
    const copies = new SpliceCopies(layout, 44, {} as FileHandle, file)
    copies.flushEarly()
    copies.flushEarly()
    copies.flushEarly()
    await copies.settled()
    expect(flushes()).toBe(1)
  })

  it('is only a head start: a failed early flush does not fail the splice', async () => {
    const { file, flushes } = countingFile(true)
    const copies = new SpliceCopies(layout, 44, {} as FileHandle, file)
    copies.flushEarly()
    await expect(copies.settled()).resolves.toBeDefined()
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
