import { mkdir, readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { CleanupPreview, CleanupSettingsInput } from '../../../shared/domain/cleanup-rules'
import { cleanupSettingsSchema } from '../../../shared/domain/cleanup-rules'
import type { OpenedDocument } from '../../../shared/domain/script-workspace'
import type { Project } from '../../../shared/domain/script'
import type { Result } from '../../../shared/errors'
import { RULE_SETS_DIR } from '../../core/script-workspace/cleanup-rule-sets'
import { metaOf } from '../../core/script-workspace/open-document'
import { dataOf, dispatchRuntime } from '../../testing/dispatch-runtime'
import { useTempDirs } from '../../testing/temp-dir'

// The clean-up rules a project keeps (in its file, its recovery draft) and the named rule sets
// every project can choose, through the real dispatcher.

const tempDir = useTempDirs('vd-cleanup-sets-')
type Call = (channel: string, input: unknown) => Promise<Result<unknown>>

const RULES: CleanupSettingsInput = {
  citations: false,
  links: 'remove',
  rules: [{ name: 'Doctor', find: 'Dr.', replace: 'Doctor' }],
}

/** Opens a dropped Markdown script; its id and project. */
async function dropped(call: Call, text: string): Promise<OpenedDocument> {
  return dataOf<OpenedDocument>(await call('script:importDropped', { fileName: 'book.md', text }))
}

/** Gives the open document `cleanup` as its rules (what Apply in the dialog sends). */
async function keepRules(call: Call, opened: OpenedDocument): Promise<number> {
  const project: Project = { ...opened.project, cleanup: cleanupSettingsSchema.parse(RULES) }
  const { revision } = dataOf<{ revision: number }>(
    await call('script:saveDraft', { docId: opened.docId, changes: { meta: metaOf(project) } }),
  )
  return revision
}

describe("a project's own clean-up rules", () => {
  it('are saved in the project file and come back when it is opened again', async () => {
    const { call, recorder } = await dispatchRuntime(undefined)
    const opened = await dropped(call, 'Dr. Lee came [4].\n')
    const revision = await keepRules(call, opened)
    const path = join(await tempDir(), 'book.voicedesk')
    recorder.answerNextSave(path)
    dataOf(await call('script:save', { docId: opened.docId, revision }))
    dataOf(await call('script:close', { docId: opened.docId }))
    recorder.answerNextOpen([path])
    const reopened = dataOf<OpenedDocument>(await call('script:open', undefined))
    expect(reopened.project.cleanup).toEqual(cleanupSettingsSchema.parse(RULES))
  })

  it('survive a crash: the recovered draft holds them', async () => {
    const first = await dispatchRuntime(undefined)
    const opened = await dropped(first.call, 'Dr. Lee came.\n')
    await keepRules(first.call, opened)
    const restarted = await dispatchRuntime(undefined, { userDataDir: first.userDataDir })
    const restored = dataOf<OpenedDocument>(
      await restarted.call('script:restoreRecovery', { docId: opened.docId }),
    )
    expect(restored.project.cleanup).toEqual(cleanupSettingsSchema.parse(RULES))
  })

  it('are bounded by the contract like the rest of the project', async () => {
    const { call } = await dispatchRuntime(undefined)
    const opened = await dropped(call, 'Hello.\n')
    const meta = {
      ...metaOf(opened.project),
      cleanup: { rules: Array.from({ length: 201 }, () => ({ find: 'a' })) },
    }
    const refused = await call('script:saveDraft', { docId: opened.docId, changes: { meta } })
    expect(refused.ok).toBe(false)
    if (!refused.ok) expect(refused.error.code).toBe('VALIDATION_FAILED')
  })
})

describe('named clean-up rule sets', () => {
  it('a set saved from one project applies in another, after a restart', async () => {
    const first = await dispatchRuntime(undefined)
    await dropped(first.call, 'Dr. Lee came.\n')
    dataOf(await first.call('script:saveCleanupRuleSet', { name: 'My books', settings: RULES }))
    dataOf(await first.call('script:saveCleanupRuleSet', { name: 'Another', settings: {} }))

    const restarted = await dispatchRuntime(undefined, { userDataDir: first.userDataDir })
    expect(dataOf(await restarted.call('script:listCleanupRuleSets', undefined))).toEqual([
      'Another',
      'My books',
    ])
    const other = await dropped(restarted.call, 'Dr. Ames wrote [2] at www.example.org.\n')
    const set = dataOf(await restarted.call('script:getCleanupRuleSet', { name: 'My books' }))
    expect(set).toEqual(cleanupSettingsSchema.parse(RULES))
    const preview = dataOf<CleanupPreview>(
      await restarted.call('script:cleanupPreview', {
        docId: other.docId,
        revision: 0,
        settings: set,
      }),
    )
    expect(preview.changes.map((c) => c.text)).toEqual(['Doctor Ames wrote [2] at .'])

    dataOf(await restarted.call('script:deleteCleanupRuleSet', { name: 'Another' }))
    expect(dataOf(await restarted.call('script:listCleanupRuleSets', undefined))).toEqual([
      'My books',
    ])
  })

  it('a name that could be a path is refused before anything is written', async () => {
    const { call, userDataDir } = await dispatchRuntime(undefined)
    for (const name of ['../settings', '.hidden', 'a/b', '']) {
      const refused = await call('script:saveCleanupRuleSet', { name, settings: RULES })
      expect(refused.ok, name).toBe(false)
    }
    await expect(readdir(join(userDataDir, RULE_SETS_DIR))).rejects.toThrow(/ENOENT/)
  })

  it('a hostile set file is refused with its reason, and nothing changes', async () => {
    const { call, userDataDir } = await dispatchRuntime(undefined)
    await dropped(call, 'Dr. Lee came.\n')
    const dir = join(userDataDir, RULE_SETS_DIR)
    await mkdir(dir, { recursive: true })
    const file = (name: string): string =>
      join(dir, `${Buffer.from(name).toString('base64url')}.json`)
    await writeFile(file('Huge'), `{"rules":[{"find":"${'a'.repeat(2 * 1024 * 1024)}"}]}`)
    await writeFile(file('Broken'), '{"rules": [')
    await writeFile(file('Stray'), JSON.stringify({ citation: true }))
    await writeFile(file('Frozen'), JSON.stringify({ rules: [{ find: '(a', regex: true }] }))
    const reasons: Record<string, RegExp> = {
      Huge: /“Huge” cannot be used: its file is larger than 1 MB/,
      Broken: /“Broken” cannot be used: its file is damaged \(it is not JSON\)/,
      Stray: /“Stray” cannot be used: .*citation/i,
      Frozen:
        /“Frozen” cannot be used: The pattern “\(a” has an opening bracket “\(” that is never closed/,
    }
    for (const [name, reason] of Object.entries(reasons)) {
      const refused = await call('script:getCleanupRuleSet', { name })
      expect(refused.ok, name).toBe(false)
      if (refused.ok) continue
      expect(refused.error.code).toBe('VALIDATION_FAILED')
      expect(refused.error.message).toMatch(reason)
      expect(refused.error.message).toMatch(/Nothing was changed/)
    }
    // Nothing was moved, rewritten or deleted: the files are as the test left them.
    const before = (await readdir(dir)).sort()
    expect(before).toHaveLength(4)
    await call('script:getCleanupRuleSet', { name: 'Broken' })
    expect((await readdir(dir)).sort()).toEqual(before)
    expect(dataOf(await call('script:listCleanupRuleSets', undefined))).toEqual([
      'Broken',
      'Frozen',
      'Huge',
      'Stray',
    ])
    const missing = await call('script:getCleanupRuleSet', { name: 'Nobody' })
    expect(!missing.ok && missing.error.code).toBe('NOT_FOUND')
  })
})
