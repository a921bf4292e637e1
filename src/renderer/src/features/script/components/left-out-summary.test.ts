import { describe, expect, it } from 'vitest'
import { leftOutSummary } from './left-out-summary'

describe('leftOutSummary', () => {
  it('says how many of what an import left out, without the reasons or fixes', () => {
    // The notices as an import writes them (core/narration/import noticesOf).
    const notices = [
      '2 pictures were skipped: VoiceDesk narrates text only.',
      '1 note (a footnote or endnote) was left out. To hear it, import the file again with footnotes read aloud.',
    ]
    expect(leftOutSummary(notices)).toBe(
      '2 pictures were skipped; 1 note (a footnote or endnote) was left out',
    )
  })

  it('keeps a notice of one sentence whole, without its full stop', () => {
    expect(leftOutSummary(['3 pages hold no text (pictures of pages) and were skipped.'])).toBe(
      '3 pages hold no text (pictures of pages) and were skipped',
    )
  })
})
