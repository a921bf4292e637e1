import type { VoiceoverOverlapQuestion } from '../../../shared/domain/voiceover'
import type { OverlappingCue } from '../voiceover/subtitle-check'
import { cueTime } from '../../../shared/domain/cue-time'

/** Overlaps named in the question; the rest are counted. */
const NAMED = 3

/**
 * The question put to the user about a file's overlapping cues, naming them and when, in the
 * times the line table shows ("0:02.5"), not the file's own codes.
 */
export function overlapQuestion(
  pendingId: string,
  subtitleName: string,
  overlaps: readonly OverlappingCue[],
): VoiceoverOverlapQuestion {
  const named = overlaps
    .slice(0, NAMED)
    .map(
      (o) =>
        `cue ${o.cue} starts at ${cueTime(o.startMs)}, before cue ${o.previousCue} ends at ${cueTime(o.previousEndMs)}`,
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
