import type { ReactElement } from 'react'
import type { VoiceoverLine } from '../../../../../shared/domain/voiceover'
import { shortSeconds } from '../hooks/line-words'

/**
 * A lane's parts: how late the line starts, its spoken part, and the part by which it is itself
 * too long. A line pushed late keeps its whole spoken part, drawn from where it starts: its own
 * words fit, so none of it is marked as running over.
 */
export function laneParts(line: VoiceoverLine): { drift: number; fitting: number; over: number } {
  const drift = Math.max(0, line.placedMs - line.startMs)
  const over = line.action === 'overflow' ? Math.min(line.spokenMs, line.overflowMs) : 0
  return { drift, fitting: Math.max(0, line.spokenMs - over), over }
}

/**
 * A line's lane: its slot (from its cue to the next cue) as a track, how late it starts as a thin
 * line, its spoken length as a bar, and the part by which it is too long in the warning colour.
 * The row's words say the same (colour is never the only sign).
 */
export function LineLane(props: { line: VoiceoverLine }): ReactElement {
  const { line } = props
  const { drift, fitting, over } = laneParts(line)
  const total = Math.max(line.slotMs, drift + line.spokenMs, 1)
  const pct = (ms: number): string => `${Math.min(100, (ms / total) * 100).toFixed(2)}%`
  const late = drift > 0 ? `, starts ${shortSeconds(drift)} late` : ''
  const label = `Slot ${shortSeconds(line.slotMs)}, spoken ${shortSeconds(line.spokenMs)}${line.measured ? '' : ' (estimated)'}${late}`
  return (
    <div className="vo-lane" role="img" aria-label={label} title={label}>
      <div className="vo-lane__slot" style={{ width: pct(line.slotMs) }} />
      {drift > 0 && <div className="vo-lane__late" style={{ width: pct(drift) }} />}
      <div
        className={`vo-lane__spoken${line.measured ? '' : ' vo-lane__spoken--estimated'}`}
        style={{ left: pct(drift), width: pct(fitting) }}
      />
      {over > 0 && (
        <div className="vo-lane__over" style={{ left: pct(drift + fitting), width: pct(over) }} />
      )}
    </div>
  )
}
