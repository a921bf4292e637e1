import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { CleanupPreview } from '../../../shared/domain/cleanup-rules'
import { cleanupSettingsSchema } from '../../../shared/domain/cleanup-rules'
import type { OpenedDocument } from '../../../shared/domain/script-workspace'
import { docxOf } from '../../testing/test-documents'
import { dataOf, dispatchRuntime } from '../../testing/dispatch-runtime'

// A manuscript import is reviewed before it opens: its clean-up preview runs on main's copy as
// imported, script:finishImport makes the cleaned text (and the rules) the project, and
// script:close instead leaves nothing behind. No service is configured: nothing can be paid for.

async function importedManuscript() {
  const env = await dispatchRuntime(undefined)
  const call = async <T>(channel: string, input: unknown): Promise<T> =>
    dataOf<T>(await env.call(channel, input))
  const bytes = await docxOf([
    { style: 'Heading1', runs: ['THE FLOOD'] },
    { runs: ['Rivers rise in spring [12]. See www.example.org!!!'] },
    { runs: ['Dr. Lee measured it.'] },
  ])
  const opened = await call<OpenedDocument>('script:importDroppedDocument', {
    fileName: 'flood.docx',
    bytes: new Uint8Array(bytes),
  })
  return { raw: env.call, userDataDir: env.userDataDir, call, opened }
}

const RULES = cleanupSettingsSchema.parse({
  links: 'remove',
  rules: [{ find: 'Dr.', replace: 'Doctor' }],
})

describe('a manuscript import reviewed before it opens', () => {
  it('is marked as a manuscript, previewed as imported, and opens cleaned with its rules', async () => {
    const { call, opened } = await importedManuscript()
    expect(opened.manuscript).toBe(true)
    const preview = await call<CleanupPreview>('script:cleanupPreview', {
      docId: opened.docId,
      revision: 0,
      settings: RULES,
    })
    expect(preview.reports.filter((r) => r.count > 0).map((r) => r.id)).toEqual([
      'citations',
      'links',
      'repeatedPunctuation',
      'capsHeadings',
      'rule:0',
    ])
    const finished = await call<OpenedDocument>('script:finishImport', {
      docId: opened.docId,
      settings: RULES,
    })
    expect(finished.docId).toBe(opened.docId)
    expect(finished.project.blocks.map((b) => [b.chapter, b.text])).toEqual([
      ['The flood', 'Rivers rise in spring. See !'],
      ['The flood', 'Doctor Lee measured it.'],
    ])
    expect(finished.project.cleanup).toEqual(RULES)
    // Main's copy is the cleaned one, at a fresh revision: the page's first edit follows on.
    const again = await call<CleanupPreview>('script:cleanupPreview', {
      docId: opened.docId,
      revision: 0,
      settings: RULES,
    })
    expect(again.changes).toEqual([])
  })

  it('is refused once the page edits the import: the text then changes only by edits', async () => {
    const { raw, call, opened } = await importedManuscript()
    await call('script:saveDraft', { docId: opened.docId, changes: { blocks: [] } })
    const refused = await raw('script:finishImport', { docId: opened.docId, settings: RULES })
    expect(refused.ok).toBe(false)
    if (!refused.ok) expect(refused.error.code).toBe('CONFLICT')
  })

  it('cancelled, leaves nothing: no open document, no recovery draft', async () => {
    const { raw, call, opened, userDataDir } = await importedManuscript()
    await call('script:close', { docId: opened.docId })
    const gone = await raw('script:finishImport', { docId: opened.docId, settings: RULES })
    expect(!gone.ok && gone.error.code).toBe('NOT_FOUND')
    expect(await call('script:getRecovery', undefined)).toEqual([])
    expect(await readdir(join(userDataDir, 'recovery')).catch(() => [])).toEqual([])
  })
})
