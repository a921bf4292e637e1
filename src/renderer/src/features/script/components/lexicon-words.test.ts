import { describe, expect, it } from 'vitest'
import { exportSummary, importSummary } from './lexicon-words'

describe('pronunciation notices', () => {
  it('says how many were added and, when some were skipped, why, in plain words', () => {
    const entries = [{ term: 'SQL', alias: 'sequel', matchCase: false }]
    expect(
      importSummary(
        { fileName: 'a.pls', entries, skipped: { count: 0, example: null } },
        'this project',
      ),
    ).toBe('Added 1 pronunciation to this project.')
    const skipped = importSummary(
      {
        fileName: 'a.pls',
        entries: [...entries, ...entries],
        skipped: { count: 3, example: 'tomato' },
      },
      'all my projects',
    )
    expect(skipped).toBe(
      'Added 2 pronunciations to all my projects. 3 words were skipped (such as “tomato”): they give only a phonetic spelling, and voices here need a written “say it as”.',
    )
    expect(skipped).not.toMatch(/grapheme|phoneme|lexeme|alias/i)
    expect(exportSummary({ fileName: 'b.csv', location: '/home/ana', count: 1200 })).toBe(
      'Saved 1,200 pronunciations to “b.csv” in /home/ana.',
    )
  })
})
