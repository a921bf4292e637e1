import { describe, expect, it } from 'vitest'
import type { CleanupPreview, CleanupTrial } from '../../../shared/domain/cleanup-rules'
import type { Project } from '../../../shared/domain/script'
import { dataOf, dispatchRuntime } from '../../testing/dispatch-runtime'

// The Clean up text dialog asks main what the rules would change in main's copy of the open
// script (`script:cleanupPreview`) and tries them on a sentence (`script:cleanupTry`); both run
// on the clean-up thread, change nothing, and refuse rules that cannot run.

async function openScript(text: string) {
  const { call: dispatch } = await dispatchRuntime(undefined)
  const call = async <T>(channel: string, input: unknown): Promise<T> =>
    dataOf<T>(await dispatch(channel, input))
  const opened = await call<{ docId: string; project: Project }>('script:importDropped', {
    fileName: 'flood.md',
    text,
  })
  return { call, dispatch, docId: opened.docId, blocks: opened.project.blocks }
}

describe('script:cleanupPreview', () => {
  it("reports each rule's changes in main's copy and the new texts, changing nothing", async () => {
    const { call, docId, blocks } = await openScript(
      '# THE FLOOD\n\nRivers rise [12]. See www.example.org!!!\n\nDr. Lee came.\n\nNothing here.\n',
    )
    const preview = await call<CleanupPreview>('script:cleanupPreview', {
      docId,
      revision: 0,
      settings: { rules: [{ find: 'Dr.', replace: 'Doctor' }] },
    })
    // The chapter name in capitals is renamed on every block of the chapter.
    expect(preview.changes).toEqual([
      { id: blocks[0]?.id, text: 'Rivers rise. See link!', chapter: 'The flood' },
      { id: blocks[1]?.id, text: 'Doctor Lee came.', chapter: 'The flood' },
      { id: blocks[2]?.id, text: 'Nothing here.', chapter: 'The flood' },
    ])
    expect(preview.reports.map((r) => [r.id, r.count, r.charactersSaved])).toEqual([
      ['citations', 1, 5],
      ['footnoteMarkers', 0, 0],
      ['links', 1, 11],
      ['repeatedPunctuation', 1, 2],
      ['capsHeadings', 1, 0],
      ['rule:0', 1, -3],
    ])
    expect(preview.reports[0]?.changes).toEqual([
      {
        block: 0,
        before: 'Rivers rise [12]. See www.example.org!!!',
        after: 'Rivers rise. See www.example.org!!!',
      },
    ])
    // Nothing was applied: a second preview sees the same text.
    const again = await call<CleanupPreview>('script:cleanupPreview', {
      docId,
      revision: 0,
      settings: { rules: [] },
    })
    expect(again.changes[0]?.text).toBe('Rivers rise. See link!')
  })

  // The dialog never sends such a rule (it shows the problem beside the rule and leaves it out);
  // main refuses it anyway, with the rule's problem in the field details.
  it('refuses a rule that cannot run, naming its problem, before anything runs', async () => {
    const { dispatch, docId } = await openScript('Hello.\n')
    const result = await dispatch('script:cleanupPreview', {
      docId,
      revision: 0,
      settings: { rules: [{ find: '(a', regex: true }] },
    })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error.code).toBe('VALIDATION_FAILED')
    expect(Object.values(result.error.details?.fields ?? {})).toEqual([
      expect.stringMatching(/The pattern “\(a” has an opening bracket “\(” that is never closed\./),
    ])
  })
})

describe('script:cleanupTry', () => {
  it('runs the rules on a sentence', async () => {
    const { call } = await openScript('Hello.\n')
    const trial = await call<CleanupTrial>('script:cleanupTry', {
      settings: {
        links: 'remove',
        rules: [{ find: '(\\d+) kg', replace: '$1 kilograms', regex: true }],
      },
      sample: 'It weighs 4 kg [2], see x@example.org.',
    })
    expect(trial.text).toBe('It weighs 4 kilograms, see .')
  })
})

describe('script:saveCleanupRules', () => {
  it('keeps the rules applied for the next script, and refuses rules that cannot run', async () => {
    const { call, dispatch } = await openScript('Hello.\n')
    expect(await call('script:getCleanupRules', undefined)).toBeNull()
    await call('script:saveCleanupRules', {
      settings: { links: 'keep', rules: [{ find: 'Dr.', replace: 'Doctor' }] },
    })
    expect(await call('script:getCleanupRules', undefined)).toMatchObject({
      links: 'keep',
      citations: true,
      rules: [{ find: 'Dr.', replace: 'Doctor', regex: false, enabled: true }],
    })
    const refused = await dispatch('script:saveCleanupRules', {
      settings: { rules: [{ find: '*', regex: true }] },
    })
    expect(refused.ok).toBe(false)
    expect(await call('script:getCleanupRules', undefined)).toMatchObject({ links: 'keep' })
  })
})
