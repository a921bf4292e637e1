import { execFile } from 'node:child_process'
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readCover } from './publishing-tags'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vd-cover-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** The sentence readCover gives for `path`, or 'image' when it takes it. */
async function verdict(path: string): Promise<string> {
  const cover = await readCover(path)
  return 'kind' in cover ? cover.message : `image ${cover.mime} ${cover.data.byteLength}`
}

describe('the cover image a render reads', () => {
  it('takes a PNG by its bytes, whatever its name', async () => {
    const png = join(dir, 'cover.jpg')
    await copyFile(new URL('../../../../../resources/icons/64x64.png', import.meta.url), png)
    expect(await verdict(png)).toBe('image image/png 5038')
  })

  it('refuses what is not a regular image file, without waiting or reading without end', async () => {
    const folder = join(dir, 'folder.png')
    await mkdir(folder)
    expect(await verdict(folder)).toContain('is not an image file.')
    // A named pipe with no writer: opening it must not wait for one.
    const fifo = join(dir, 'pipe.png')
    await promisify(execFile)('mkfifo', [fifo])
    expect(await verdict(fifo)).toContain('is not an image file.')
    // A device that never ends (a shared project could name one).
    expect(await verdict('/dev/zero')).toContain('is not an image file.')
    expect(await verdict(join(dir, 'missing.png'))).toContain('was not found.')
    const text = join(dir, 'notes.png')
    await writeFile(text, 'not a picture')
    expect(await verdict(text)).toContain('is not a JPEG or PNG image.')
  })

  it('refuses a network path before touching it', async () => {
    expect(await verdict('\\\\fileserver\\share\\cover.jpg')).toContain('is on a network share.')
    expect(await verdict('//fileserver/share/cover.jpg')).toContain('is on a network share.')
  })
})
