import type { VoiceoverOverlapQuestion } from '../../../shared/domain/voiceover'
import type { OverlappingCue } from '../voiceover/subtitle-check'
import { clockTime } from '../voiceover/subtitle-check'

/** Overlaps named in the question; the rest are counted. */
const NAMED = 3

/** The question put to the user about a file's overlapping cues, naming them and when. */
export function overlapQuestion(
  pendingId: string,
  subtitleName: string,
  overlaps: readonly OverlappingCue[],
): VoiceoverOverlapQuestion {
  const named = overlaps
    .slice(0, NAMED)
    .map(
      (o) =>
        `cue ${o.cue} starts at ${clockTime(o.startMs)}, before cue ${o.previousCue} ends at ${clockTime(o.previousEndMs)}`,
    )
  const more = overlaps.length > NAMED ? `, and ${overlaps.length - NAMED} more` : ''
  const count = overlaps.length === 1 ? 'One cue overlaps' : `${overlaps.length} cues overlap`
  return {
    kind: 'overlaps',
    pendingId,
    subtitleName,
    overlaps: overlaps.map(({ cue, previousCue, startMs, previousEndMs }) => ({
      cue,
      previousCue,
      startMs,
      previousEndMs,
    })),
    message: `${count} the one before: ${named.join('; ')}${more}. Merge each into one line (spoken by the first speaker), or keep both lines in their own voices (the second starts when the first ends).`,
  }
}
