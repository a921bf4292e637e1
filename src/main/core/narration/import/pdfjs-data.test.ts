import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { PdfjsDataFactory, pdfjsDataFolders } from './pdfjs-data'

describe("pdf.js's data reader", () => {
  const reader = new PdfjsDataFactory({ cMapUrl: pdfjsDataFolders().cMaps })

  it('reads a packed character map from the folder pdfjs-dist ships', async () => {
    const map = await reader.fetch({ kind: 'cMapUrl', filename: 'UniJIS-UCS2-H.bcmap' })
    const shipped = fileURLToPath(
      new URL('../../../../../node_modules/pdfjs-dist/cmaps/UniJIS-UCS2-H.bcmap', import.meta.url),
    )
    expect(map).toEqual(new Uint8Array(readFileSync(shipped)))
  })

  it('reads nothing outside that folder, and no kind of data it was not given', async () => {
    await expect(reader.fetch({ kind: 'cMapUrl', filename: '../package.json' })).rejects.toThrow(
      'pdf.js data not available here: cMapUrl ../package.json',
    )
    await expect(
      reader.fetch({ kind: 'standardFontDataUrl', filename: 'FoxitSerif.pfb' }),
    ).rejects.toThrow('pdf.js data not available here')
  })
})
