// The app icon as packaging and the window use it: electron-builder.yml points at icon files that
// exist, resolved the way electron-builder resolves them (the build resources folder first, then
// the project), and every image inside has the size its name or slot says (read from the PNG
// IHDR, the ICO directory, the ICNS chunks).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { PNG_SIZES, renderIconPng } from './make-icons.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const PNG_SET = [16, 24, 32, 48, 64, 128, 256, 512, 1024]

type BuilderConfig = {
  directories: { buildResources: string }
  files: string[]
  linux: { icon: string }
  mac: { icon: string }
  win: { icon: string }
}
const config = parse(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as BuilderConfig
const buildResources = resolve(root, config.directories.buildResources)

/** Where electron-builder finds a configured resource: build resources first, then the project. */
function builderResource(path: string): string {
  const found = [buildResources, root].map((base) => resolve(base, path)).find(existsSync)
  if (found === undefined) throw new Error(`electron-builder would not find ${path}`)
  return found
}

/** Width and height from a PNG's IHDR chunk (the first chunk, right after the signature). */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true)
  expect(png.toString('latin1', 12, 16)).toBe('IHDR')
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) }
}

describe('app icon', () => {
  it('keeps its SVG sources in the build resources folder', () => {
    expect(relative(root, buildResources)).toBe('resources')
    for (const source of ['icon.svg', 'icon-small.svg']) {
      expect(readFileSync(join(buildResources, source), 'utf8')).toContain('<svg')
    }
  })

  it('gives Linux a PNG set whose sizes are what their names say', () => {
    const dir = builderResource(config.linux.icon)
    expect(statSync(dir).isDirectory()).toBe(true)
    const names = readdirSync(dir).sort((a, b) => parseInt(a) - parseInt(b))
    expect(names).toEqual(PNG_SET.map((size) => `${size}x${size}.png`))
    for (const name of names) {
      const [width, height] = name.replace('.png', '').split('x').map(Number)
      expect(pngSize(readFileSync(join(dir, name))), name).toEqual({ width, height })
    }
  })

  it('commits exactly what `npm run icons` renders from the SVG sources now', async () => {
    expect(PNG_SIZES).toEqual(PNG_SET)
    for (const size of PNG_SET) {
      const committed = readFileSync(join(root, `resources/icons/${size}x${size}.png`))
      expect((await renderIconPng(size)).equals(committed), `${size} px`).toBe(true)
    }
  })

  it('gives Windows an .ico with every size from 16 to 256 px', () => {
    const ico = readFileSync(builderResource(config.win.icon))
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1])
    const count = ico.readUInt16LE(4)
    const sizes: number[] = []
    for (let entry = 0; entry < count; entry += 1) {
      const at = 6 + entry * 16
      const [width, height] = [ico[at] || 256, ico[at + 1] || 256]
      expect(width).toBe(height)
      const [length, offset] = [ico.readUInt32LE(at + 8), ico.readUInt32LE(at + 12)]
      expect(offset + length).toBeLessThanOrEqual(ico.length)
      // Each image is a bitmap (BITMAPINFOHEADER, height doubled for the mask) or a PNG.
      const image = ico.subarray(offset, offset + length)
      const drawn = image.subarray(0, 8).equals(PNG_SIGNATURE)
        ? pngSize(image)
        : { width: image.readInt32LE(4), height: image.readInt32LE(8) / 2 }
      expect(drawn).toEqual({ width, height })
      sizes.push(width)
    }
    expect(sizes.sort((a, b) => a - b)).toEqual([16, 24, 32, 48, 64, 128, 256])
  })

  it('gives macOS an .icns whose PNG slots hold images of their size, up to 1024 px', () => {
    const icns = readFileSync(builderResource(config.mac.icon))
    expect(icns.toString('latin1', 0, 4)).toBe('icns')
    expect(icns.readUInt32BE(4)).toBe(icns.length)
    const slotSize: Record<string, number> = {
      ic07: 128,
      ic08: 256,
      ic09: 512,
      ic10: 1024,
      ic11: 32,
      ic12: 64,
      ic13: 256,
      ic14: 512,
    }
    const found: string[] = []
    for (let at = 8; at < icns.length;) {
      const type = icns.toString('latin1', at, at + 4)
      const length = icns.readUInt32BE(at + 4)
      expect(length).toBeGreaterThan(8)
      const size = slotSize[type]
      if (size !== undefined) {
        expect(pngSize(icns.subarray(at + 8, at + length)), type).toEqual({
          width: size,
          height: size,
        })
      }
      found.push(type)
      at += length
    }
    expect(found).toEqual(expect.arrayContaining(['is32', 'il32', ...Object.keys(slotSize)]))
  })

  it('ships the window icon that main imports, in the packaged app too', () => {
    const main = readFileSync(join(root, 'src/main/index.ts'), 'utf8')
    const imported = /from '([^']+\.png)\?asset'/.exec(main)?.[1]
    expect(imported).toBeDefined()
    // electron-vite keeps resources/ (main's public folder) in place and points at it from
    // out/main, which sits as deep as src/main: the project-relative path is the same for both.
    const path = relative(root, resolve(root, 'src/main', imported ?? ''))
    expect(path).toBe('resources/icons/256x256.png')
    expect(config.files).toContain(path)
    expect(pngSize(readFileSync(join(root, path)))).toEqual({ width: 256, height: 256 })
  })
})
