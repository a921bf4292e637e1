import { useRef } from 'react'
import type { ReactElement } from 'react'
import type { BlockCheck, RenderResult } from '../../../../../shared/domain/narration'
import type { FinishedRender } from '../../../../../shared/domain/script-workspace'
import { DialogFrame } from '../../../components/ui/dialog-frame'
import { Disclosure } from '../../../components/ui/disclosure'
import { useEditorUiStore } from '../stores/editor-ui-store'
import { formatClock } from '../../../lib/format'
import { useScriptDocumentStore } from '../stores/script-document-store'
import { ComplianceSummary } from './compliance-summary'

function formatSignedMs(ms: number): string {
  const rounded = Math.round(ms)
  return `${rounded > 0 ? '+' : rounded < 0 ? '−' : '±'}${Math.abs(rounded).toLocaleString()} ms`
}

function fileName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path
}

/** One fact about the file: a small label over its value. */
function Fact(props: { label: string; value: string; testId?: string }): ReactElement {
  return (
    <div className="render-details__fact">
      <dt>{props.label}</dt>
      <dd data-testid={props.testId}>{props.value}</dd>
    </div>
  )
}

/**
 * The file as a narrator thinks of it: its name, length and format, the characters it was billed
 * (and reused at no charge) and how long it took, as facts at a glance (Show in folder and Open
 * in player app are in the dialog's footer). Where it is in full, the pieces it was sent in and
 * the measured level are behind a disclosure.
 */
function RenderFigures(props: { finished: FinishedRender }): ReactElement {
  const { result, elapsedSeconds } = props.finished
  const pieces = result.requests
  const files = 1 + result.extraFiles.length + (result.subtitlesPath === null ? 0 : 1)
  return (
    <>
      <dl className="render-details__facts" data-testid="render-facts">
        <Fact label="File" value={fileName(result.outputPath)} />
        <Fact label="Length" value={formatClock(result.durationSeconds, Math.round)} />
        <Fact label="Format" value={result.format.toUpperCase()} />
        <Fact
          label="Characters billed"
          value={result.billableCharacters.toLocaleString()}
          testId="render-billed"
        />
        {result.cachedCharacters > 0 && (
          <Fact
            label="Reused at no charge"
            value={`${result.cachedCharacters.toLocaleString()} characters`}
          />
        )}
        <Fact label="Rendering took" value={durationWords(elapsedSeconds)} testId="render-took" />
        {files > 1 && <Fact label="Files made" value={files.toLocaleString()} />}
      </dl>
      <Disclosure summary="Where it is and how it was made">
        <ul className="render-details__report" data-testid="render-figures">
          <li>
            Saved as <span className="render-details__path">{result.outputPath}</span>
          </li>
          <li>
            Billed: {result.billableCharacters.toLocaleString()} characters, sent in{' '}
            {pieces.toLocaleString()} new {pieces === 1 ? 'piece' : 'pieces'}.
          </li>
          {result.loudness.outputLufs !== null && (
            <li>Loudness: {result.loudness.outputLufs.toFixed(1)} LUFS.</li>
          )}
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
    </>
  )
}

/** How long a render took, as a person says it: "4 seconds", "2 minutes 5 seconds". */
function durationWords(seconds: number): string {
  const whole = Math.max(1, Math.round(seconds))
  const minutes = Math.floor(whole / 60)
  const rest = whole % 60
  const secs = `${rest} ${rest === 1 ? 'second' : 'seconds'}`
  if (minutes === 0) return secs
  const mins = `${minutes.toLocaleString()} ${minutes === 1 ? 'minute' : 'minutes'}`
  return rest === 0 ? mins : `${mins} ${secs}`
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
 * rounded, and (behind a disclosure) what the render cost. Wide when it holds a store's table
 * of checks (so it reads in rows at a laptop's size); otherwise sized to its facts.
 */
export function RenderDetailsDialog(props: {
  open: boolean
  finished: FinishedRender
  onShowInFolder: () => void
  onOpenInPlayer: () => void
  onClose: () => void
}): ReactElement {
  const { open, finished, onClose } = props
  const { result } = finished
  const doneRef = useRef<HTMLButtonElement>(null)
  return (
    <DialogFrame
      open={open}
      title={`About ${finished.outputName}`}
      onClose={onClose}
      // A footer of its own (the file's actions, Done): the head gets its Close too.
      footer={
        <>
          <button type="button" className="button" onClick={props.onShowInFolder}>
            Show in folder
          </button>
          <button
            type="button"
            className="button"
            title="Open it in the system's audio player"
            onClick={props.onOpenInPlayer}
          >
            Open in player app
          </button>
          <button ref={doneRef} type="button" className="button button--primary" onClick={onClose}>
            Done
          </button>
        </>
      }
      initialFocus={doneRef}
      size={result.compliance === null ? 'medium' : 'wide'}
      className={`render-details${result.compliance === null ? '' : ' render-details--report'}`}
      testId="render-details"
    >
      {result.compliance && <ComplianceSummary report={result.compliance} />}
      <section className="render-details__section" aria-labelledby="render-details-cost">
        <h3 id="render-details-cost">The file</h3>
        <RenderFigures finished={finished} />
        {result.pauseRounding !== null && result.pauseRounding.pauses > 0 && (
          <PauseRounding rounding={result.pauseRounding} />
        )}
      </section>
      <section className="render-details__section" aria-labelledby="render-details-script">
        <h3 id="render-details-script">Does it match the script?</h3>
        <ScriptCheck checks={result.checks} onClose={onClose} />
      </section>
    </DialogFrame>
  )
}
