import { X } from 'lucide-react'
import { useRef, useState } from 'react'
import type { KeyboardEvent, ReactElement, ReactNode } from 'react'
import { ErrorNotice } from '../../../components/error-notice'
import { IconButton } from '../../../components/ui/icon-button'
import { useModalDialog } from '../../../components/use-modal-dialog'
import { formatCount } from '../../../../../shared/limits'
import type { TakeName } from '../hooks/use-ab-takes'
import { useAbTakes } from '../hooks/use-ab-takes'
import { useEditorUiStore } from '../stores/editor-ui-store'
import { billableCount, useScriptDocumentStore } from '../stores/script-document-store'
import { TakeResults, useVoiceName } from './ab-take-results'
import { VoicePicker } from './voice-picker'

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

const closeAb = (): void => useEditorUiStore.getState().openAb(null)

/**
 * A/B comparison of one block in two voices: main synthesizes both takes (through the piece
 * cache, so the kept one costs nothing at render time) and gain-matches them with the loudness
 * meter, so the choice is about the voice, not the level. Keeping a take sets the block's voice
 * (one undo step). Keys: A and B play the takes; Escape or the head's Close closes.
 */
export function AbDialog(): ReactElement {
  const blockId = useEditorUiStore((s) => s.abBlockId)
  const exists = useScriptDocumentStore((s) => (blockId === null ? false : s.blocks.has(blockId)))
  const open = blockId !== null && exists
  // Nothing to single out: showModal focuses the first control, the head's Close.
  const initialFocus = useRef<HTMLElement>(null)
  const { dialogProps } = useModalDialog(open, closeAb, initialFocus)

  return (
    <dialog {...dialogProps} className="dialog ab-dialog" aria-labelledby="ab-dialog-title">
      {open && <AbComparison key={blockId} blockId={blockId} />}
    </dialog>
  )
}

/** The voice chosen for one take. */
function TakeVoice(props: {
  name: TakeName
  value: string | undefined
  onChange: (voiceId: string | undefined) => void
}): ReactElement {
  return (
    <div className="stack ab-dialog__take" data-testid={`ab-take-${props.name.toLowerCase()}`}>
      <span className="ab-dialog__label">Voice of take {props.name}</span>
      <VoicePicker
        label={`Voice of take ${props.name}`}
        value={props.value}
        onChange={props.onChange}
        field
      />
    </div>
  )
}

/** While main makes the takes: what it does, and Stop. */
function MakingTakes(props: { onStop: () => void }): ReactElement {
  return (
    <>
      <span className="field__hint" role="status">
        Making both takes… (a take made before costs nothing)
      </span>
      <button type="button" className="button button--small" onClick={props.onStop}>
        Stop
      </button>
    </>
  )
}

/** Keeping a take: its voice becomes the block's own unless the block already speaks in it. */
function keepVoice(blockId: string, voiceId: string): void {
  const explicitVoice = useScriptDocumentStore.getState().blocks.get(blockId)?.voiceId
  // Keeping the voice the block already speaks in changes nothing (an inherited voice stays
  // inherited); any other voice becomes the block's own, as one undoable step.
  const unchanged =
    voiceId === explicitVoice || (explicitVoice === undefined && voiceId === resolvedVoice(blockId))
  if (!unchanged) useScriptDocumentStore.getState().updateBlock(blockId, { voiceId })
}

/** Cancel and the one primary action: make the takes, then keep the chosen one. */
function AbFooter(props: {
  made: boolean
  ready: boolean
  chosen: TakeName
  /** The chosen take's voice, named on the button: it says what keeping it does. */
  chosenVoiceId: string | null
  onMake: () => void
  onKeep: (name: TakeName) => void
}): ReactElement {
  const voiceName = useVoiceName()
  return (
    <div className="dialog__actions">
      <button type="button" className="button" onClick={closeAb}>
        Cancel
      </button>
      {props.made ? (
        <button
          type="button"
          className="button button--primary"
          onClick={() => props.onKeep(props.chosen)}
        >
          Keep take {props.chosen}
          {props.chosenVoiceId === null ? '' : ` (${voiceName(props.chosenVoiceId)})`}
        </button>
      ) : (
        <button
          type="button"
          className="button button--primary"
          disabled={!props.ready}
          onClick={props.onMake}
        >
          Make the takes
        </button>
      )}
    </div>
  )
}

/**
 * What making one take of a block can cost: its spoken characters (a take already made in that
 * voice comes back from this computer, free).
 */
function useTakeCost(blockId: string): number {
  return useScriptDocumentStore((s) => {
    const block = s.blocks.get(blockId)
    return block === undefined ? 0 : billableCount(block, s.meta.lexicon)
  })
}

/**
 * Making both takes again, with what it may cost, beside what `children` says of the takes being
 * made; `again` is null while that cannot start (busy, no two voices).
 */
function AgainRow(props: {
  blockId: string
  made: boolean
  again: (() => void) | null
  children: ReactNode
}): ReactElement {
  const takeCost = useTakeCost(props.blockId)
  return (
    <div className="button-row">
      {props.made && (
        <button
          type="button"
          className="button button--small"
          disabled={props.again === null}
          onClick={() => props.again?.()}
        >
          Make both takes again (uses up to {formatCount(takeCost * 2)} characters)
        </button>
      )}
      {props.children}
    </div>
  )
}

/** The head every dialog has: the title and Close (Escape closes too). */
function AbHead(): ReactElement {
  return (
    <div className="dialog-frame__head">
      <h2 id="ab-dialog-title">Compare two voices</h2>
      <IconButton label="Close" hint="Close (Escape)" icon={X} onClick={closeAb} />
    </div>
  )
}

function AbComparison(props: { blockId: string }): ReactElement {
  const { blockId } = props
  const index = useScriptDocumentStore((s) => s.order.indexOf(blockId))
  const text = useScriptDocumentStore((s) => s.blocks.get(blockId)?.text ?? '')
  const [chosen, setChosen] = useState<TakeName>('A')
  const [voiceA, setVoiceA] = useState<string | undefined>(() => resolvedVoice(blockId))
  const [voiceB, setVoiceB] = useState<string | undefined>(undefined)
  const ab = useAbTakes(blockId)
  const { takes, busy } = ab

  const play = (name: TakeName): void => {
    const take = takes?.[name === 'A' ? 0 : 1]
    if (take === undefined) return
    // The take heard last is the one a person most likely means to keep.
    setChosen(name)
    ab.play(name, `Take ${name}`)
  }
  const keep = (name: TakeName): void => {
    const take = takes?.[name === 'A' ? 0 : 1]
    if (take === undefined) return
    keepVoice(blockId, take.voiceId)
    ab.player.stop()
    closeAb()
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
  const ready = !busy && voiceA !== undefined && voiceB !== undefined && !same
  const make = (): void => {
    if (voiceA !== undefined && voiceB !== undefined) void ab.make([voiceA, voiceB])
  }
  const excerpt = text.length > 160 ? `${text.slice(0, 160)}…` : text
  return (
    // The keys A and B work wherever focus is inside the dialog; every action is a button too.
    <div className="ab-dialog__content" onKeyDown={onKeyDown}>
      <AbHead />
      <div className="dialog__body dialog-frame__body">
        <p className="field__hint">
          Block {index + 1}: “{excerpt || 'empty'}”
        </p>
        <div className="ab-dialog__grid">
          <TakeVoice name="A" value={voiceA} onChange={setVoiceA} />
          <TakeVoice name="B" value={voiceB} onChange={setVoiceB} />
        </div>
        {same && <p className="field__hint">Choose two different voices to compare.</p>}
        {(takes !== null || busy) && (
          <AgainRow blockId={blockId} again={ready ? make : null} made={takes !== null}>
            {busy && <MakingTakes onStop={ab.stop} />}
          </AgainRow>
        )}
        {ab.error !== null && <ErrorNotice error={ab.error} testId="ab-error" />}
        {takes !== null && (
          <TakeResults
            takes={takes}
            chosen={chosen}
            onChoose={setChosen}
            onPlay={play}
            status={{ playing: ab.playing, playback: ab.playback }}
          />
        )}
      </div>
      <AbFooter
        made={takes !== null}
        ready={ready}
        chosen={chosen}
        chosenVoiceId={takes?.[chosen === 'A' ? 0 : 1]?.voiceId ?? null}
        onMake={make}
        onKeep={keep}
      />
    </div>
  )
}
