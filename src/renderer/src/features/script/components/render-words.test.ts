import { describe, expect, it } from 'vitest'
import type { RenderResult } from '../../../../../shared/domain/narration'
import { startingProgress } from '../../../../../shared/domain/narration'
import {
  checkNotes,
  progressWords,
  stoppedShare,
  timeLeftWords,
  usageSentence,
} from './render-words'

const RESULT = { billableCharacters: 11_200, cachedCharacters: 1_100 } as RenderResult

describe('a render in a person’s words', () => {
  it('follows the script’s blocks and the time left, never pieces', () => {
    const progress = { ...startingProgress(), piecesTotal: 90, piecesDone: 3 }
    expect(progressWords(progress)).toBe('Getting ready…')
    const running = { ...progress, blocksDone: 0, blocksTotal: 40, etaSeconds: 51 }
    expect(`${progressWords(running)} · ${timeLeftWords(running)}`).toBe(
      'Block 1 of 40 · about 0:51 left',
    )
    expect(progressWords({ ...running, blocksDone: 40 })).toBe('Block 40 of 40')
    expect(progressWords({ ...running, phase: 'encoding' })).toBe('Writing the file…')
    expect(timeLeftWords({ ...running, phase: 'encoding' })).toBeNull()
  })

  it('says what a render used and the part rendered before, not paid again', () => {
    expect(usageSentence(RESULT)).toBe(
      `This render used ${(12_300).toLocaleString()} characters, ${(1_100).toLocaleString()} of them rendered before and not paid again.`,
    )
    expect(usageSentence({ ...RESULT, cachedCharacters: 0 })).toBe(
      `This render used ${(11_200).toLocaleString()} characters.`,
    )
    expect(usageSentence({ ...RESULT, billableCharacters: 0, cachedCharacters: 0 })).toBeNull()
  })

  it('says how far a stopped render got as a share', () => {
    expect(stoppedShare(16, 40)).toBe('about 40% of the way')
    expect(stoppedShare(0, 40)).toBe('before its first block was done')
  })

  it('stops saying the audio matches the script once blocks changed after the render', () => {
    const clean = { ...RESULT, compliance: null, checks: [] } as RenderResult
    expect(checkNotes(clean).notes).toEqual(['The audio says what the script says.'])
    expect(checkNotes(clean, 1).notes).toEqual([
      '1 block has changed since this render: render again to hear it.',
    ])
    expect(checkNotes(clean, 3).notes).toEqual([
      '3 blocks have changed since this render: render again to hear them.',
    ])
  })

  it('names the chapter files as the ones ready for a store that takes chapters, not the whole book', () => {
    const pass = { presetName: 'ACX/Audible', pass: true, files: [{ pass: true }, { pass: true }] }
    const chapters = {
      ...RESULT,
      checks: [],
      compliance: { ...pass, unchecked: '/out/book.mp3' },
    } as unknown as RenderResult
    expect(checkNotes(chapters).notes[0]).toBe('2 chapter files ready for ACX/Audible.')
    const single = { ...RESULT, checks: [], compliance: pass } as unknown as RenderResult
    expect(checkNotes(single).notes[0]).toBe('Ready for ACX/Audible.')
  })
})
