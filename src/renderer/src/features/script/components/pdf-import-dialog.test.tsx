import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import type { PdfAsk } from '../hooks/use-pdf-import'
import { PdfImportDialog } from './pdf-import-dialog'

// The dialog's modules read the page's navigator as they load (Node 20 has none).
vi.hoisted(() => {
  if (!('navigator' in globalThis)) {
    Object.defineProperty(globalThis, 'navigator', { value: { platform: 'Linux', userAgent: '' } })
  }
})

const ask: PdfAsk = {
  source: { kind: 'open' },
  fileName: 'book.pdf',
  pageCount: 600,
  password: null,
  lockedMessage: null,
  refusal: null,
  working: false,
}

/** The pages fieldset's opening tag as the dialog first draws it for `state`. */
function pagesFieldset(state: PdfAsk): string {
  const html = renderToStaticMarkup(
    <PdfImportDialog ask={state} onSubmit={() => undefined} onCancel={() => undefined} />,
  )
  return /<fieldset[^>]*class="pdf-import__pages"[^>]*>/.exec(html)?.[0] ?? ''
}

describe('PdfImportDialog', () => {
  it('lets the pages be chosen before Import, and not while the chosen pages are read', () => {
    expect(pagesFieldset(ask)).not.toBe('')
    expect(pagesFieldset(ask)).not.toMatch(/\sdisabled=/)
    const reading = { ...ask, working: true, progress: { done: 40, total: 600 } }
    expect(pagesFieldset(reading)).toMatch(/\sdisabled=""/)
  })
})
