// Rebuilds every app icon from the SVG sources in resources/: the PNG set (resources/icons/NNxNN.png,
// used by Linux packages and by the window), the Windows .ico and the macOS .icns.
// Run `npm run icons` after changing resources/icon.svg or resources/icon-small.svg, and commit the
// output: packaging and the app read the committed files, so neither needs these tools.
//
// Rasterising: @resvg/resvg-js (resvg renders SVG the same on every machine, no system fonts or
// librsvg involved). Packing: icon-gen, given a folder of our own PNGs, so the .ico and .icns hold
// exactly these renders (the hinted 16 and 24 px ones included) instead of downscaled copies.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { Resvg } from '@resvg/resvg-js'
import icongen from 'icon-gen'

/** Every size written to resources/icons/, in pixels. */
export const PNG_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024]
/** Sizes in the Windows .ico (Explorer, taskbar, title bar, up to 256 px). */
export const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256]
/** Sizes in the macOS .icns (16 to 1024 px; 1024 is the 512 px @2x slot). */
export const ICNS_SIZES = [16, 32, 64, 128, 256, 512, 1024]
// Up to this size the 16 px grid drawing is used: the full mark blurs into a smudge there.
const SMALL_MAX = 24

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const resources = join(root, 'resources')

/** Renders the icon as a square PNG `size` pixels wide, from the drawing meant for that size. */
export async function renderIconPng(size) {
  const svg = await readFile(join(resources, size <= SMALL_MAX ? 'icon-small.svg' : 'icon.svg'))
  return new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng()
}

async function main() {
  const pngDir = join(resources, 'icons')
  await mkdir(pngDir, { recursive: true })
  // icon-gen reads a folder of PNGs named by size (16.png, 24.png, ...).
  const staging = await mkdtemp(join(tmpdir(), 'voicedesk-icons-'))
  try {
    for (const size of PNG_SIZES) {
      const png = await renderIconPng(size)
      await writeFile(join(pngDir, `${size}x${size}.png`), png)
      await writeFile(join(staging, `${size}.png`), png)
    }
    await icongen(staging, resources, {
      report: false,
      ico: { name: 'icon', sizes: ICO_SIZES },
      icns: { name: 'icon', sizes: ICNS_SIZES },
    })
  } finally {
    await rm(staging, { recursive: true, force: true })
  }
  console.log(
    `icons: ${PNG_SIZES.length} PNGs in resources/icons, resources/icon.ico, resources/icon.icns`,
  )
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main()
}
