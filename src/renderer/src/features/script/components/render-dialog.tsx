import { useEffect, useRef, useState } from 'react'
import type { ReactElement } from 'react'
import { DELIVERY_PRESETS } from '../../../../../shared/domain/delivery'
import { defaultsForRender } from '../../../../../shared/domain/render-defaults'
import { mp3EncodingProblem } from '../../../../../shared/domain/mp3-encoding'
import type { RenderSettings } from '../../../../../shared/domain/script-workspace'
import { ErrorNotice } from '../../../components/error-notice'
import { Notice } from '../../../components/notice'
import { DialogFrame } from '../../../components/ui/dialog-frame'
import { Disclosure } from '../../../components/ui/disclosure'
import { startRender } from '../api/render-api'
import { useEditorUiStore } from '../stores/editor-ui-store'
import { useScriptDocumentStore } from '../stores/script-document-store'
import { BookDetails } from './book-details'
import { PresetField } from './preset-field'
import {
  blocksToFix,
  castToFix,
  fixBlocksLabel,
  fixCastLabel,
  preflightProblems,
} from './render-blocked'
import type { CastToFix } from './render-blocked'
import { RenderEstimate, useRenderEstimate } from './render-estimate'
import { RenderVoices } from './render-voices'
import { EncodingFields, FormatField } from './render-format-fields'
import { FileFields, LoudnessFields } from './render-output-fields'
import { initialRenderSettings } from './render-settings'

const closeDialog = (): void => useEditorUiStore.getState().setRenderDialogOpen(false)

/** Starts a render: the settings become the project's defaults, then main asks where to save. */
function useStartRender(onStarted: (jobId: string, outputName: string) => void): {
  start: (settings: RenderSettings) => Promise<void>
  starting: boolean
  error: unknown
  clearError: () => void
} {
  const [error, setError] = useState<unknown>(null)
  const [starting, setStarting] = useState(false)
  const start = async (settings: RenderSettings): Promise<void> => {
    if (useScriptDocumentStore.getState().doc === null) return
    setStarting(true)
    setError(null)
    try {
      const store = useScriptDocumentStore.getState()
      store.updateMeta({ defaults: defaultsForRender(store.meta.defaults, settings) })
      const started = await startRender(settings)
      if (started !== null) {
        onStarted(started.jobId, started.outputName)
        closeDialog()
      }
    } catch (caught) {
      setError(caught)
    } finally {
      setStarting(false)
    }
  }
  return { start, starting, error, clearError: () => setError(null) }
}

/** Closes the dialog and shows the first block a blocked render named, selected in the editor. */
function goToBlock(block: number): void {
  const blockId = useScriptDocumentStore.getState().order[block - 1]
  closeDialog()
  if (blockId === undefined) return
  // Why after a task: closing the dialog gives focus back to its opener in an effect; the jump
  // has to come after that, or the caret would land on "Render…" instead of in the block.
  setTimeout(() => useEditorUiStore.getState().revealBlock(blockId), 0)
}

/**
 * Closes the dialog and opens Cast with the entries a blocked render named marked, the first
 * one's voice chooser open: the click goes straight to what fixes the render.
 */
function openCast(fix: CastToFix): void {
  closeDialog()
  // Why after a task: closing the dialog gives focus back to its opener in an effect; the chooser
  // has to open after that, or the focus would be pulled back to "Render…" and close it.
  setTimeout(() => useEditorUiStore.getState().attendCast(fix), 0)
}

/**
 * Cancel, and the one primary action: render; or, for a blocked render, open Cast on the voices
 * it names, or go to the blocks it names.
 */
function RenderFooter(props: {
  fix: number[]
  cast: CastToFix | null
  disabled: boolean
  describedBy: string | undefined
  onStart: () => void
}): ReactElement {
  const { fix, cast } = props
  return (
    <>
      <button type="button" className="button" onClick={closeDialog}>
        Cancel
      </button>
      {cast !== null ? (
        <button
          type="button"
          className="button button--primary"
          data-testid="render-primary"
          onClick={() => openCast(cast)}
        >
          {fixCastLabel(cast)}
        </button>
      ) : fix.length > 0 ? (
        <button
          type="button"
          className="button button--primary"
          data-testid="render-primary"
          onClick={() => goToBlock(fix[0]!)}
        >
          {fixBlocksLabel(fix)}
        </button>
      ) : (
        <button
          type="button"
          className="button button--primary"
          data-testid="render-primary"
          aria-describedby={props.describedBy}
          disabled={props.disabled}
          onClick={props.onStart}
        >
          Choose file and render…
        </button>
      )}
    </>
  )
}

/**
 * Why the render cannot start, or what holds it back, first: above the fields, so a person reads
 * it before anything else (the checks' answer, an estimate that failed, an MP3 setting that
 * cannot be written).
 */
function RenderWhy(props: {
  error: unknown
  estimateError: unknown
  mp3Problem: string | null
}): ReactElement {
  const noticeRef = useRef<HTMLDivElement>(null)
  const { error } = props
  // Why the reason is scrolled to: the button was pressed at the foot of a body that may scroll;
  // the answer is at its head, and must be read before anything else.
  useEffect(() => {
    if (error !== null) noticeRef.current?.scrollIntoView({ block: 'start' })
  }, [error])
  return (
    <>
      {props.error !== null && (
        <div ref={noticeRef} className="render-dialog__blocked" data-testid="render-blocked">
          {/* Checks that stopped it before anything was sent ask the user to fix their own work:
              a warning, in the amber the block rows use for the same thing, not a failure's red. */}
          <ErrorNotice
            error={props.error}
            tone={preflightProblems(props.error).length > 0 ? 'warning' : 'danger'}
          />
        </div>
      )}
      {props.estimateError !== null && (
        <div className="render-dialog__blocked" data-testid="render-estimate-error">
          <ErrorNotice error={props.estimateError} />
        </div>
      )}
      {props.mp3Problem !== null && (
        <Notice tone="warning" title="This MP3 setting can't be written" testId="render-warned">
          <p className="notice__text">{props.mp3Problem} The bitrate is under More settings.</p>
        </Notice>
      )}
    </>
  )
}

/**
 * The render dialog. It opens on the choices a creator makes (what it is made for, the format,
 * the files and subtitles) and what the render uses of the plan; sample rate, bitrate, loudness
 * and the book's tags wait under "More settings". A render that cannot start says why at the top,
 * in full, and its button then says what it does instead. Start asks where to save (in main).
 */
export function RenderDialog(props: {
  onStarted: (jobId: string, outputName: string) => void
}): ReactElement {
  const open = useEditorUiStore((s) => s.renderDialogOpen)
  const defaults = useScriptDocumentStore((s) => s.meta.defaults)
  const [settings, setSettings] = useState<RenderSettings>(() => initialRenderSettings(defaults))
  const madeFor = useRef<HTMLSelectElement>(null)
  const estimate = useRenderEstimate(open, settings.format)
  const { start, starting, error, clearError } = useStartRender(props.onStarted)
  useEffect(() => {
    if (!open) clearError()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on closing
  }, [open])

  const change = (next: RenderSettings): void => {
    setSettings(next)
    // A changed choice may be what the checks asked for: the old answer no longer holds.
    if (preflightProblems(error).some((p) => p.kind === 'format' || p.kind === 'preset'))
      clearError()
  }
  const preset = settings.preset ? DELIVERY_PRESETS[settings.preset] : null
  // Shown (and Start held back) when the sample rate changed under a bitrate it cannot carry.
  const mp3Problem =
    settings.format === 'mp3'
      ? mp3EncodingProblem(settings.mp3 ?? { mode: 'vbr' }, settings.sampleRate)
      : null
  const footer = (
    <RenderFooter
      fix={blocksToFix(preflightProblems(error))}
      cast={castToFix(preflightProblems(error))}
      disabled={starting || estimate.isError || mp3Problem !== null}
      describedBy={mp3Problem !== null ? 'mp3-bitrate-error' : undefined}
      onStart={() => void start(settings)}
    />
  )
  return (
    <DialogFrame
      open={open}
      title="Render the script"
      onClose={closeDialog}
      footer={footer}
      initialFocus={madeFor}
      size="medium"
      className="render-dialog"
      testId="render-dialog"
    >
      <RenderWhy
        error={error}
        estimateError={estimate.isError ? estimate.error : null}
        mp3Problem={mp3Problem}
      />
      <div className="render-dialog__grid" data-testid="render-choices">
        <PresetField settings={settings} onChange={change} selectRef={madeFor} />
        <FormatField settings={settings} preset={preset} onChange={change} />
        <FileFields settings={settings} onChange={change} />
      </div>
      {open && <RenderVoices />}
      <RenderEstimate estimate={estimate} />
      <Disclosure
        summary="More settings"
        className="render-dialog__more"
        testId="render-more"
        defaultOpen={mp3Problem !== null}
      >
        <div className="render-dialog__grid">
          <EncodingFields
            settings={settings}
            preset={preset}
            mp3Problem={mp3Problem}
            onChange={change}
          />
          <LoudnessFields settings={settings} preset={preset} onChange={change} />
        </div>
        <BookDetails />
      </Disclosure>
    </DialogFrame>
  )
}
