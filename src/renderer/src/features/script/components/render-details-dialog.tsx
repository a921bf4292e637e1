import { useRef } from 'react'
import type { ReactElement } from 'react'
import type { FinishedRender } from '../../../../../shared/domain/script-workspace'
import { useModalDialog } from '../../../components/use-modal-dialog'
import { useEditorUiStore } from '../stores/editor-ui-store'
import { useScriptDocumentStore } from '../stores/script-document-store'
import { ComplianceSummary } from './compliance-summary'

function formatSignedMs(ms: number): string {
  const rounded = Math.round(ms)
  return `${rounded > 0 ? '+' : rounded < 0 ? '−' : '±'}${Math.abs(rounded).toLocaleString()} ms`
}

function fileName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path
}

/**
 * Everything a finished render reported beyond its summary, in a dialog so the editor keeps its
 * room: the delivery checks, what the render cost, how AAC pauses were rounded, and where the
 * audio differs from the script (each difference selects the words in the editor).
 */
export function RenderDetailsDialog(props: {
  open: boolean
  finished: FinishedRender
  onClose: () => void
}): ReactElement {
  const { open, finished, onClose } = props
  const { result } = finished
  const order = useScriptDocumentStore((s) => s.order)
  const closeRef = useRef<HTMLButtonElement>(null)
  const { dialogProps } = useModalDialog(open, onClose, closeRef)
  return (
    <dialog
      {...dialogProps}
      className="dialog render-details"
      aria-labelledby="render-details-title"
      data-testid="render-details"
    >
      <div className="dialog__body">
        <h2 id="render-details-title">About {finished.outputName}</h2>
        {result.compliance && <ComplianceSummary report={result.compliance} />}
        <section className="render-details__section" aria-labelledby="render-details-cost">
          <h3 id="render-details-cost">The render</h3>
          <p className="field__hint" data-testid="render-figures">
            {result.requests.toLocaleString()} new {result.requests === 1 ? 'request' : 'requests'}{' '}
            to the service, {result.cachedPieces.toLocaleString()} pieces reused from earlier
            renders, {result.billableCharacters.toLocaleString()} billable characters
            {result.loudness.outputLufs !== null
              ? `; loudness ${result.loudness.outputLufs.toFixed(1)} LUFS`
              : ''}
            . Took {Math.max(1, Math.round(finished.elapsedSeconds)).toLocaleString()} s.
          </p>
          {(result.subtitlesPath !== null || result.extraFiles.length > 0) && (
            <ul className="render-details__report">
              {result.subtitlesPath !== null && (
                <li>Subtitles: {fileName(result.subtitlesPath)}</li>
              )}
              {result.extraFiles.length > 0 && (
                <li>
                  {result.extraFiles.length.toLocaleString()}{' '}
                  {result.extraFiles.length === 1 ? 'part' : 'parts'} beside it, starting with{' '}
                  {fileName(result.extraFiles[0]!)}
                </li>
              )}
            </ul>
          )}
          {result.pauseRounding !== null && result.pauseRounding.pauses > 0 && (
            <p className="field__hint" data-testid="render-pause-rounding">
              AAC keeps time in frames of {result.pauseRounding.frameMs.toFixed(2)} ms: the{' '}
              {result.pauseRounding.pauses.toLocaleString()} pauses were rounded to whole frames,
              each at most {result.pauseRounding.maxErrorMs.toFixed(1)} ms off (
              {formatSignedMs(result.pauseRounding.totalErrorMs)} in all). Choose WAV, MP3 or Ogg
              for pauses exact to the millisecond.
            </p>
          )}
        </section>
        <section className="render-details__section" aria-labelledby="render-details-script">
          <h3 id="render-details-script">Script vs. audio</h3>
          {result.checks.length === 0 ? (
            <p className="field__hint" data-testid="render-report">
              The audio says what the script says.
            </p>
          ) : (
            <ul className="render-details__report" data-testid="render-report">
              {result.checks.map((check) => {
                const blockId = order[check.blockIndex] ?? check.blockId
                const first = check.issues[0]
                return (
                  <li key={check.blockId}>
                    <button
                      type="button"
                      className="link-button"
                      onClick={() => {
                        onClose()
                        useEditorUiStore
                          .getState()
                          .revealBlock(
                            blockId,
                            first?.offset ?? 0,
                            (first?.offset ?? 0) + (first?.word.length ?? 0),
                          )
                      }}
                    >
                      Block {check.blockIndex + 1}
                    </button>{' '}
                    {check.issues
                      .slice(0, 4)
                      .map((i) => `${i.kind} “${i.word}”`)
                      .join(', ')}
                    {check.issues.length > 4 ? ` and ${check.issues.length - 4} more` : ''}
                  </li>
                )
              })}
            </ul>
          )}
        </section>
      </div>
      <div className="dialog__actions">
        <button ref={closeRef} type="button" className="button" onClick={onClose}>
          Close
        </button>
      </div>
    </dialog>
  )
}
