import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import type { KeyboardEvent, ReactElement } from 'react'
import type { BlockTake } from '../../../../../shared/domain/script-workspace'
import { AppError } from '../../../../../shared/errors'
import { ErrorNotice } from '../../../components/error-notice'
import { BytesPlayer } from '../../../lib/audio/bytes-player'
import { makeTakes as requestTakes, stopTakes as stopTakesFor } from '../api/script-audio-api'
import { useVoiceOptions } from '../api/script-api'
import { useEditorUiStore } from '../stores/editor-ui-store'
import { useScriptDocumentStore } from '../stores/script-document-store'
import { VoicePicker } from './voice-picker'

type TakeName = 'A' | 'B'

/** The voice a block is spoken in now: its own, else its speaker's, else the default. */
function resolvedVoice(blockId: string): string | undefined {
  const { blocks, meta } = useScriptDocumentStore.getState()
  const block = blocks.get(blockId)
  if (block === undefined) return undefined
  return (
    block.voiceId ??
    (block.speaker !== undefined ? meta.cast[block.speaker] : undefined) ??
    meta.defaults.voiceId
  )
}

function signed(db: number): string {
  return `${db > 0 ? '+' : db < 0 ? '−' : '±'}${Math.abs(db).toFixed(1)} dB`
}

/**
 * A/B comparison of one block in two voices: main synthesizes both takes (through the piece
 * cache, so the kept one costs nothing at render time) and gain-matches them with the loudness
 * meter, so the choice is about the voice, not the level. Keeping a take sets the block's voice
 * (one undo step). Keys: A and B play the takes, Escape closes.
 */
export function AbDialog(): ReactElement {
  const blockId = useEditorUiStore((s) => s.abBlockId)
  const exists = useScriptDocumentStore((s) => (blockId === null ? false : s.blocks.has(blockId)))
  const open = blockId !== null && exists
  const dialogRef = useRef<HTMLDialogElement>(null)

  useEffect(() => {
    const dialog = dialogRef.current
    if (dialog === null) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])

  return (
    <dialog
      ref={dialogRef}
      className="dialog ab-dialog"
      aria-labelledby="ab-dialog-title"
      onCancel={(event) => {
        event.preventDefault()
        useEditorUiStore.getState().openAb(null)
      }}
    >
      {open && <AbComparison key={blockId} blockId={blockId} />}
    </dialog>
  )
}

function AbComparison(props: { blockId: string }): ReactElement {
  const { blockId } = props
  const index = useScriptDocumentStore((s) => s.order.indexOf(blockId))
  const text = useScriptDocumentStore((s) => s.blocks.get(blockId)?.text ?? '')
  const explicitVoice = useScriptDocumentStore((s) => s.blocks.get(blockId)?.voiceId)
  const voices = useVoiceOptions()
  const [voiceA, setVoiceA] = useState<string | undefined>(() => resolvedVoice(blockId))
  const [voiceB, setVoiceB] = useState<string | undefined>(undefined)
  const [takes, setTakes] = useState<BlockTake[] | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const [playing, setPlaying] = useState<TakeName | null>(null)
  const player = useMemo(() => new BytesPlayer(), [])
  const playback = useSyncExternalStore(player.state.subscribe, player.state.getSnapshot)
  const request = useRef(0)
  /** The takes being made, so closing the dialog or asking again stops them in main. */
  const inFlight = useRef<string | null>(null)
  const stopTakes = (): void => {
    const requestId = inFlight.current
    inFlight.current = null
    if (requestId !== null) stopTakesFor(requestId)
  }

  useEffect(() => () => player.stop(), [player])
  // Closing the dialog (this comparison unmounts) stops takes still being synthesized.
  useEffect(() => () => stopTakes(), [])

  const nameOf = (voiceId: string | undefined): string =>
    voiceId === undefined
      ? 'no voice'
      : (voices.data?.find((v) => v.id === voiceId)?.displayName ?? voiceId)
  const close = (): void => useEditorUiStore.getState().openAb(null)

  const makeTakes = async (): Promise<void> => {
    const hasBlock = useScriptDocumentStore.getState().blocks.has(blockId)
    if (!hasBlock || voiceA === undefined || voiceB === undefined) return
    const ticket = ++request.current
    stopTakes()
    const requestId = crypto.randomUUID()
    inFlight.current = requestId
    player.stop()
    setPlaying(null)
    setTakes(null)
    setError(null)
    setBusy(true)
    try {
      const made = await requestTakes(blockId, [voiceA, voiceB], requestId)
      if (ticket === request.current) setTakes(made)
    } catch (caught) {
      const stopped = caught instanceof AppError && caught.code === 'CANCELLED'
      if (ticket === request.current && !stopped) setError(caught)
    } finally {
      if (inFlight.current === requestId) inFlight.current = null
      if (ticket === request.current) setBusy(false)
    }
  }

  const play = (name: TakeName): void => {
    const take = takes?.[name === 'A' ? 0 : 1]
    if (take === undefined) return
    setPlaying(name)
    void player.play(take.wav, 'audio/wav', `Take ${name} (${nameOf(take.voiceId)})`)
  }

  const keep = (name: TakeName): void => {
    const take = takes?.[name === 'A' ? 0 : 1]
    if (take === undefined) return
    // Keeping the voice the block already speaks in changes nothing (an inherited voice stays
    // inherited); any other voice becomes the block's own, as one undoable step.
    const unchanged =
      take.voiceId === explicitVoice ||
      (explicitVoice === undefined && take.voiceId === resolvedVoice(blockId))
    if (!unchanged) {
      useScriptDocumentStore.getState().updateBlock(blockId, { voiceId: take.voiceId })
    }
    player.stop()
    close()
  }

  const onKeyDown = (event: KeyboardEvent): void => {
    const target = event.target as HTMLElement
    if (target.tagName === 'INPUT' || event.ctrlKey || event.metaKey || event.altKey) return
    const key = event.key.toLowerCase()
    if ((key === 'a' || key === 'b') && takes !== null) {
      event.preventDefault()
      play(key === 'a' ? 'A' : 'B')
    }
  }

  const same = voiceA !== undefined && voiceA === voiceB
  const excerpt = text.length > 160 ? `${text.slice(0, 160)}…` : text
  return (
    // The keys A and B work wherever focus is inside the dialog; every action is a button too.
    <div className="ab-dialog__content" onKeyDown={onKeyDown}>
      <div className="dialog__body">
        <h2 id="ab-dialog-title">Compare two voices</h2>
        <p className="field__hint">
          Block {index + 1}: “{excerpt || 'empty'}”
        </p>
        <div className="ab-dialog__grid">
          <div className="ab-dialog__take" data-testid="ab-take-a">
            <span className="ab-dialog__label">Take A</span>
            <VoicePicker label="Voice of take A" value={voiceA} onChange={setVoiceA} />
          </div>
          <div className="ab-dialog__take" data-testid="ab-take-b">
            <span className="ab-dialog__label">Take B</span>
            <VoicePicker label="Voice of take B" value={voiceB} onChange={setVoiceB} />
          </div>
        </div>
        {same && <p className="field__hint">Choose two different voices to compare.</p>}
        <div className="button-row">
          <button
            type="button"
            className="button button--primary"
            disabled={busy || voiceA === undefined || voiceB === undefined || same}
            onClick={() => void makeTakes()}
          >
            {takes === null ? 'Make the takes' : 'Make them again'}
          </button>
          {busy && (
            <>
              <span className="field__hint" role="status">
                Synthesizing both takes… (a take already in the cache costs nothing)
              </span>
              <button
                type="button"
                className="button button--small"
                onClick={() => {
                  request.current++
                  stopTakes()
                  setBusy(false)
                }}
              >
                Stop
              </button>
            </>
          )}
        </div>
        {error !== null && <ErrorNotice error={error} testId="ab-error" />}
        {takes !== null && (
          <div className="ab-dialog__results" data-testid="ab-results">
            {takes.map((take, i) => {
              const name: TakeName = i === 0 ? 'A' : 'B'
              return (
                <div key={name} className="ab-dialog__result">
                  <strong>
                    Take {name}: {nameOf(take.voiceId)}
                  </strong>
                  <span className="field__hint" data-testid={`ab-level-${name.toLowerCase()}`}>
                    {take.measuredLufs === null
                      ? 'too quiet to measure, played as delivered'
                      : `${take.measuredLufs.toFixed(1)} LUFS, played at ${signed(take.gainDb)}`}
                  </span>
                  <span className="button-row">
                    <button
                      type="button"
                      className="button button--small"
                      aria-keyshortcuts={name}
                      title={`Play take ${name} (key ${name})`}
                      onClick={() => play(name)}
                    >
                      Play {name}
                    </button>
                    <button
                      type="button"
                      className="button button--small button--primary"
                      onClick={() => keep(name)}
                    >
                      Keep {name}
                    </button>
                  </span>
                </div>
              )
            })}
            <p
              className="field__hint"
              role="status"
              data-testid="ab-player"
              data-take={playing ?? 'none'}
              data-status={playback.status}
            >
              {playing === null
                ? 'Both takes are matched to the same loudness. Press A or B to listen.'
                : `${playback.label}: ${playback.status} · ${playback.positionSec.toFixed(1)} s`}
              {playback.error !== null ? ` — ${playback.error}` : ''}
            </p>
          </div>
        )}
      </div>
      <div className="dialog__actions">
        <button type="button" className="button" onClick={close}>
          Cancel
        </button>
      </div>
    </div>
  )
}
