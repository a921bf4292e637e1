import { readdir, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useTempDirs } from '../../../testing/temp-dir'
import type { OutputLayout } from './output-layout'
import type { SpliceInput } from './splice-output'
import { renderBySplice } from './splice-output'

const tempDir = useTempDirs('voicedesk-splice-')

describe('renderBySplice', () => {
  it('assembles anew (null, nothing written) when the file is no longer the one its layout describes', async () => {
    const dir = await tempDir()
    const outputPath = join(dir, 'book.wav')
    await writeFile(outputPath, new Uint8Array(44 + 600))
    const info = await stat(outputPath)
    const layout: OutputLayout = {
      format: 'voicedesk-output-layout',
      version: 1,
      outputPath,
      audioFormat: 'wav',
      sampleRate: 24000,
      dataOffset: 44,
      size: info.size,
      // Written to after the layout was checked: same inode and size, a later modification.
      mtimeMs: info.mtimeMs - 1000,
      ino: info.ino,
      segments: [['a'.repeat(64), 300]],
    }
    // Nothing past the identity check is reached: no plan, pieces or loudness are needed.
    const input = {
      outputPath,
      format: 'wav',
      previous: layout,
      signal: new AbortController().signal,
    } as unknown as SpliceInput
    expect(await renderBySplice(input)).toBeNull()
    expect(await readdir(dir)).toEqual(['book.wav'])
  })
})
