import { describe, expect, it } from 'vitest'
import { saltRoadPdf } from '../../../testing/pdf-books'
import { importDocument } from './import-document'

// Taken before this file loads pdf.js (the import below opens it lazily, on the first PDF).
const enginePush = Array.prototype.push

describe('the PDF engine', () => {
  it("leaves the thread's own Array.prototype.push in place once pdf.js has loaded", async () => {
    const { project } = await importDocument('salt-road.pdf', saltRoadPdf())
    expect(project.blocks.length).toBeGreaterThan(0)
    // pdf.js's legacy build swaps in a script push on Node 20 (one that prints as native code).
    expect(Array.prototype.push).toBe(enginePush)
  })
})
