import type { ReactElement } from 'react'
import type { BlockCheck, RenderResult } from '../../../../../shared/domain/narration'
import type { FinishedRender } from '../../../../../shared/domain/script-workspace'
import { DialogFrame } from '../../../components/ui/dialog-frame'
import { Disclosure } from '../../../components/ui/disclosure'
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

/** Where the file is (its full path), what the render was billed and took: behind a disclosure. */
function RenderFigures(props: { finished: FinishedRender }): ReactElement {
  const { result, elapsedSeconds } = props.finished
  const requests = result.requests
  return (
    <Disclosure summary="Where it is, characters and files">
      <ul className="render-details__report" data-testid="render-figures">
        <li>
          Saved as <span className="render-details__path">{result.outputPath}</span>
        </li>
        <li>
          Billed: {result.billableCharacters.toLocaleString()} characters, in{' '}
          {requests.toLocaleString()} new {requests === 1 ? 'request' : 'requests'} to the service.
        </li>
        {result.cachedCharacters > 0 && (
          <li>
            From the cache: {result.cachedCharacters.toLocaleString()} characters made by an earlier
            render, not billed again.
          </li>
        )}
        {result.loudness.outputLufs !== null && (
          <li>Loudness: {result.loudness.outputLufs.toFixed(1)} LUFS.</li>
        )}
        <li>Took {Math.max(1, Math.round(elapsedSeconds)).toLocaleString()} s.</li>
        {result.subtitlesPath !== null && <li>Subtitles: {fileName(result.subtitlesPath)}</li>}
        {result.extraFiles.length > 0 && (
          <li>
            {result.extraFiles.length.toLocaleString()} more{' '}
            {result.extraFiles.length === 1 ? 'file' : 'files'} beside it, starting with{' '}
            {fileName(result.extraFiles[0]!)}
          </li>
        )}
      </ul>
    </Disclosure>
  )
}

/**
 * How AAC's whole frames moved the pauses: one plain line with the way to exact ones, and the
 * frame figures behind a disclosure for whoever wants them.
 */
function PauseRounding(props: {
  rounding: NonNullable<RenderResult['pauseRounding']>
}): ReactElement {
  const { rounding } = props
  return (
    <div data-testid="render-pause-rounding">
      <p className="field__hint">
        An AAC file places each pause to within a few hundredths of a second. Choose WAV, MP3 or Ogg
        for pauses exactly as set.
      </p>
      <Disclosure summary="How the pauses were placed">
        <p className="field__hint" data-testid="render-pause-figures">
          AAC keeps time in frames of {rounding.frameMs.toFixed(2)} ms: the{' '}
          {rounding.pauses.toLocaleString()} pauses were rounded to whole frames, each at most{' '}
          {rounding.maxErrorMs.toFixed(1)} ms off ({formatSignedMs(rounding.totalErrorMs)} in all).
        </p>
      </Disclosure>
    </div>
  )
}

/** Where the audio differs from the script; each block's button selects the words in the editor. */
function ScriptCheck(props: { checks: BlockCheck[]; onClose: () => void }): ReactElement {
  const order = useScriptDocumentStore((s) => s.order)
  if (props.checks.length === 0) {
    return (
      <p className="field__hint" data-testid="render-report">
        The audio says what the script says.
      </p>
    )
  }
  return (
    <ul className="render-details__report" data-testid="render-report">
      {props.checks.map((check) => {
        const blockId = order[check.blockIndex] ?? check.blockId
        const start = check.issues[0]?.offset ?? 0
        const end = start + (check.issues[0]?.word.length ?? 0)
        return (
          <li key={check.blockId}>
            <button
              type="button"
              className="link-button"
              onClick={() => {
                props.onClose()
                useEditorUiStore.getState().revealBlock(blockId, start, end)
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
  )
}

/**
 * Everything a finished render reported beyond its summary, in a dialog so the editor keeps its
 * room: the delivery checks, where the audio differs from the script, how AAC pauses were
 * rounded, and (behind a disclosure) what the render cost. Wide, so a store's table of checks
 * reads in rows at a laptop's size.
 */
export function RenderDetailsDialog(props: {
  open: boolean
  finished: FinishedRender
  onClose: () => void
}): ReactElement {
  const { open, finished, onClose } = props
  const { result } = finished
  return (
    <DialogFrame
      open={open}
      title={`About ${finished.outputName}`}
      onClose={onClose}
      size="wide"
      className="render-details"
      testId="render-details"
    >
      {result.compliance && <ComplianceSummary report={result.compliance} />}
      <section className="render-details__section" aria-labelledby="render-details-script">
        <h3 id="render-details-script">Script vs. audio</h3>
        <ScriptCheck checks={result.checks} onClose={onClose} />
      </section>
      <section className="render-details__section" aria-labelledby="render-details-cost">
        <h3 id="render-details-cost">The render</h3>
        {result.pauseRounding !== null && result.pauseRounding.pauses > 0 && (
          <PauseRounding rounding={result.pauseRounding} />
        )}
        <RenderFigures finished={finished} />
      </section>
    </DialogFrame>
  )
}
