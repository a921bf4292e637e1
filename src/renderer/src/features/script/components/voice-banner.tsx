import { KeyRound, Mic } from 'lucide-react'
import { useMemo } from 'react'
import type { ReactElement } from 'react'
import { useBlockMarksStore } from '../stores/block-marks-store'
import { useEditorUiStore } from '../stores/editor-ui-store'
import { useScriptDocumentStore } from '../stores/script-document-store'

/**
 * One line over the blocks while some have no voice: how many, and the one click that fixes
 * them all (the Cast panel opens on the default voice's chooser). Not an error, so not red; and
 * said once here instead of on every block.
 */
export function VoiceBanner(): ReactElement | null {
  const marks = useBlockMarksStore((s) => s.marks)
  const order = useScriptDocumentStore((s) => s.order)
  const needing = useMemo(
    () => order.reduce((n, id) => (marks[id]?.state === 'no-voice' ? n + 1 : n), 0),
    [marks, order],
  )
  if (needing === 0) return null
  return (
    <div className="script-banner" role="status" data-testid="voice-banner">
      <Mic className="script-banner__icon" aria-hidden="true" focusable="false" />
      <p className="script-banner__text">
        <strong>
          {needing === order.length && needing > 1
            ? `All ${needing.toLocaleString()} blocks need a voice`
            : `${needing.toLocaleString()} ${needing === 1 ? 'block needs' : 'blocks need'} a voice`}
        </strong>
        <span className="script-banner__more">
          {' '}
          · a default voice speaks every block that has none
        </span>
      </p>
      <button
        type="button"
        className="button button--small button--primary"
        onClick={() => useEditorUiStore.getState().attendCast({ speakers: [], defaultVoice: true })}
      >
        Choose a default voice
      </button>
    </div>
  )
}

/** How Script learns there is no API key, and the way to Account (the shell's: another feature). */
export interface ScriptKeyAccess {
  /** True when no key is set: voices, previews and renders cannot work yet. */
  keyMissing?: boolean
  onOpenAccount?: () => void
}

/**
 * One line over the script while there is no API key: voices, previews and renders all need one,
 * so this is said first (not "choose a voice", which the voice list cannot offer without a key),
 * with the way to Account. Calm, not an error: nothing failed.
 */
export function KeyBanner(props: { onOpenAccount: () => void }): ReactElement {
  return (
    <div className="script-banner" role="status" data-testid="key-banner">
      <KeyRound className="script-banner__icon" aria-hidden="true" focusable="false" />
      <p className="script-banner__text">
        <strong>Add your API key to hear and render voices</strong>
        <span className="script-banner__more">
          {' '}
          · the voices come from your account on the service
        </span>
      </p>
      <button
        type="button"
        className="button button--small button--primary"
        onClick={props.onOpenAccount}
      >
        Go to Account
      </button>
    </div>
  )
}
