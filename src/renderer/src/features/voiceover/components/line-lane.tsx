import type { ReactElement } from 'react'
import type { VoiceoverLine } from '../../../../../shared/domain/voiceover'
import { shortSeconds } from '../hooks/line-words'

/** A lane's parts: how late the line starts, how much of it fits its slot, and what runs past. */
export function laneParts(line: VoiceoverLine): { drift: number; fitting: number; over: number } {
  const drift = Math.max(0, line.placedMs - line.startMs)
  const fitting = Math.max(0, Math.min(line.spokenMs, line.slotMs - drift))
  return { drift, fitting, over: Math.max(0, line.spokenMs - fitting) }
}

/**
 * A line's lane: its slot (from its cue to the next cue) as a track, its spoken length as a bar
 * on it, and the part that runs past the slot in the danger colour. The row's words say the same
 * (colour is never the only sign).
 */
export function LineLane(props: { line: VoiceoverLine }): ReactElement {
  const { line } = props
  const { drift, fitting, over } = laneParts(line)
  const total = Math.max(line.slotMs, drift + line.spokenMs, 1)
  const pct = (ms: number): string => `${Math.min(100, (ms / total) * 100).toFixed(2)}%`
  const label = `Slot ${shortSeconds(line.slotMs)}, spoken ${shortSeconds(line.spokenMs)}${line.measured ? '' : ' (estimated)'}`
  return (
    <div className="vo-lane" role="img" aria-label={label} title={label}>
      <div className="vo-lane__slot" style={{ width: pct(line.slotMs) }} />
      <div
        className={`vo-lane__spoken${line.measured ? '' : ' vo-lane__spoken--estimated'}`}
        style={{ left: pct(drift), width: pct(fitting) }}
      />
      {over > 0 && (
        <div
          className={`vo-lane__over${line.action === 'overflow' ? '' : ' vo-lane__over--pushed'}`}
          style={{ left: pct(drift + fitting), width: pct(over) }}
        />
      )}
    </div>
  )
}
