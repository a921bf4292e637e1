import { describe, expect, it } from 'vitest'
import type { PreflightProblem } from '../../../../../shared/errors'
import { blocksToFix, fixBlocksLabel } from './render-blocked'

describe('fixBlocksLabel', () => {
  it('names the one block the click goes to', () => {
    expect(fixBlocksLabel([4])).toBe('Go to block 4 to fix it')
  })

  it('names the first block of several, not a count of blocks (a problem may be a cast voice)', () => {
    const problems: PreflightProblem[] = [
      { kind: 'voice', block: 2, speaker: 'Narrator 2', message: 'cast voice' },
      { kind: 'language', block: 3, message: 'language' },
    ]
    expect(fixBlocksLabel(blocksToFix(problems))).toBe('Go to block 2, the first to fix')
  })
})
