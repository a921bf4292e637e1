import { useEffect, useState } from 'react'
import type { ReactElement } from 'react'
import { ErrorNotice } from '../../../components/error-notice'
import { PLAYBACK_WORDS } from '../../../lib/audio/playback'
import { formatClock } from '../../../lib/format'
import type { ScriptAudio } from '../hooks/use-script-audio'
import { useScriptDocumentStore } from '../stores/script-document-store'

/** How long typing rests before the legend looks for emphasized words again. */
const LEGEND_WAIT_MS = 400

/** Whether any block has emphasized words; it stops at the first. */
function hasEmphasis(
  blocks: ReadonlyMap<string, { marks?: readonly { kind: string }[] }>,
): boolean {
  for (const block of blocks.values()) {
    if (block.marks?.some((mark) => mark.kind === 'emphasis') === true) return true
  }
  return false
}

/**
 * Whether the legend for purple words shows: looked for once typing pauses, not on every key (a
 * look through a 5,000-block script costs about half a millisecond, a fifth of a key's script).
 */
function useEmphasisLegend(): boolean {
  const blocks = useScriptDocumentStore((s) => s.blocks)
  const [emphasized, setEmphasized] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setEmphasized(hasEmphasis(blocks)), LEGEND_WAIT_MS)
    return () => clearTimeout(timer)
  }, [blocks])
  return emphasized
}

/** The totals line: its own component, so the keystrokes that change it re-render only it. */
export function ScriptTotals(): ReactElement {
  const totalChars = useScriptDocumentStore((s) => s.totalChars)
  const totalBillable = useScriptDocumentStore((s) => s.totalBillable)
  const blockCount = useScriptDocumentStore((s) => s.order.length)
  const emphasized = useEmphasisLegend()
  return (
    <footer
      className="script-status"
      data-testid="script-totals"
      title={
        totalBillable === totalChars
          ? undefined
          : 'Your plan counts the words as they are said (Pronunciations, “say it as”), without markup'
      }
    >
      {blockCount.toLocaleString()} {blockCount === 1 ? 'block' : 'blocks'} ·{' '}
      {totalChars.toLocaleString()} characters
      {/* One figure when the plan counts what is written; both, named, when it does not. */}
      {totalBillable === totalChars
        ? ''
        : ` · ${totalBillable.toLocaleString()} as spoken, which your plan counts`}
      {/* The colour's legend: purple words are marks, not a link or a spelling flag. */}
      {emphasized && (
        <span className="script-status__legend" data-testid="marks-legend">
          {' · '}
          <span className="mark--emphasis">Purple words</span> are emphasized: select them to see or
          change their marks
        </span>
      )}
    </footer>
  )
}

/**
 * What is playing (a preview, an audition, a rendered block) and how far, one short status at
 * the toolbar's end beside its Pause and Stop: a bar of its own above the script pushed the
 * script down while it played.
 */
export function PlayingNow(props: { audio: ScriptAudio }): ReactElement | null {
  const { audio } = props
  if (audio.status === 'idle') return null
  const state =
    audio.status === 'loading'
      ? 'starting…'
      : audio.paused
        ? `paused at ${formatClock(audio.positionSec)}`
        : audio.status === 'playing'
          ? formatClock(audio.positionSec)
          : `${PLAYBACK_WORDS[audio.status].toLowerCase()} · ${formatClock(audio.positionSec)}`
  const words = `${audio.label} · ${state}`
  return (
    <span
      className="script-player"
      role="status"
      title={words}
      data-testid="script-player"
      data-status={audio.status}
      data-stream={audio.streamPhase ?? 'none'}
    >
      {words}
    </span>
  )
}

/** Why playing failed: the short reason under the toolbar, or the full notice with Details. */
export function PlaybackStatus(props: { audio: ScriptAudio }): ReactElement {
  const { audio } = props
  return (
    <>
      {audio.error !== null && audio.failure === null && (
        <p className="field__error script-player-error" role="alert">
          {audio.label}: {audio.error}
        </p>
      )}
      {audio.failure !== null && <ErrorNotice error={audio.failure} testId="script-audio-error" />}
    </>
  )
}
