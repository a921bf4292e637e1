import type { ReactElement } from 'react'
import type { BlockTake } from '../../../../../shared/domain/script-workspace'
import { Disclosure } from '../../../components/ui/disclosure'
import { PLAYBACK_WORDS } from '../../../lib/audio/playback'
import { formatClock } from '../../../lib/format'
import { useVoiceOptions } from '../api/script-api'
import type { TakeName, useAbTakes } from '../hooks/use-ab-takes'

function signed(db: number): string {
  return `${db > 0 ? '+' : db < 0 ? '−' : '±'}${Math.abs(db).toFixed(1)} dB`
}

/** A voice's name as the pickers show it ("Olivia"), its id until the list is known. */
export function useVoiceName(): (voiceId: string) => string {
  const voices = useVoiceOptions().data
  return (voiceId) => voices?.find((v) => v.id === voiceId)?.displayName ?? voiceId
}

/**
 * The two takes made: Play for each and the one to keep, each named by its voice ("Take A ·
 * Olivia"), so the choice needs no looking back at the pickers; the dialog's one primary button
 * keeps it.
 */
export function TakeResults(props: {
  takes: BlockTake[]
  chosen: TakeName
  onChoose: (name: TakeName) => void
  onPlay: (name: TakeName) => void
  status: { playing: TakeName | null; playback: ReturnType<typeof useAbTakes>['playback'] }
}): ReactElement {
  const { playing, playback } = props.status
  const voiceName = useVoiceName()
  return (
    <div className="stack ab-dialog__results" data-testid="ab-results">
      <fieldset className="ab-dialog__choice">
        <legend className="ab-dialog__label">Listen, then choose the one to keep</legend>
        {props.takes.map((take, i) => {
          const name: TakeName = i === 0 ? 'A' : 'B'
          return (
            <div key={name} className="ab-dialog__result">
              <label className="ab-dialog__keep">
                <input
                  type="radio"
                  name="ab-keep"
                  checked={props.chosen === name}
                  onChange={() => props.onChoose(name)}
                />
                Take {name} · {voiceName(take.voiceId)}
              </label>
              <button
                type="button"
                className="button button--small"
                aria-keyshortcuts={name}
                title={`Play take ${name} (key ${name})`}
                onClick={() => props.onPlay(name)}
              >
                Play {name}
              </button>
            </div>
          )
        })}
      </fieldset>
      <p
        className="field__hint"
        role="status"
        data-testid="ab-player"
        data-take={playing ?? 'none'}
        data-status={playback.status}
      >
        {playing === null
          ? 'Both takes play at the same loudness. Press A or B to listen.'
          : `${playback.label}: ${PLAYBACK_WORDS[playback.status]} · ${formatClock(playback.positionSec)}`}
        {playback.error !== null ? ` — ${playback.error}` : ''}
      </p>
      <TakeLevels takes={props.takes} />
    </div>
  )
}

/** How each take was measured and matched: the figures, for whoever wants them. */
function TakeLevels(props: { takes: BlockTake[] }): ReactElement {
  return (
    <Disclosure summary="Level details" className="ab-dialog__levels">
      <ul className="field__hint ab-dialog__level-list">
        {props.takes.map((take, i) => {
          const name: TakeName = i === 0 ? 'A' : 'B'
          return (
            <li key={name} data-testid={`ab-level-${name.toLowerCase()}`}>
              Take {name}:{' '}
              {take.measuredLufs === null
                ? 'too quiet to measure, played as delivered'
                : `measured at ${take.measuredLufs.toFixed(1)} LUFS, played at ${signed(take.gainDb)}`}
            </li>
          )
        })}
      </ul>
    </Disclosure>
  )
}
