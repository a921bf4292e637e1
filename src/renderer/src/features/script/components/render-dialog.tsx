import { useQuery } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import type { ReactElement } from 'react'
import { DELIVERY_PRESETS } from '../../../../../shared/domain/delivery'
import { defaultsForRender } from '../../../../../shared/domain/render-defaults'
import { mp3EncodingProblem } from '../../../../../shared/domain/mp3-encoding'
import type { RenderSettings } from '../../../../../shared/domain/script-workspace'
import { isAacContainer } from '../../../../../shared/domain/speech'
import { ErrorNotice } from '../../../components/error-notice'
import { useModalDialog } from '../../../components/use-modal-dialog'
import { estimateRender, startRender } from '../api/render-api'
import { useEditorUiStore } from '../stores/editor-ui-store'
import { useScriptDocumentStore } from '../stores/script-document-store'
import { BookDetails } from './book-details'
import { PresetField } from './preset-field'
import { RenderFormatFields } from './render-format-fields'
import { RenderOutputFields } from './render-output-fields'
import { initialRenderSettings } from './render-settings'

const closeDialog = (): void => useEditorUiStore.getState().setRenderDialogOpen(false)

/** What a render will cost, worked out by main while the dialog is open. */
function useRenderEstimate(open: boolean, format: RenderSettings['format']) {
  // Why the format is part of the estimate: AAC pieces are requested (and cached) as AAC, every
  // other format from the same PCM pieces, so what is already cached depends on it.
  const engineFormat = isAacContainer(format) ? 'aac' : 'pcm'
  return useQuery({
    queryKey: ['script', 'estimate', open, engineFormat],
    queryFn: () => estimateRender(format),
    enabled: open,
    gcTime: 0,
    retry: false,
  })
}

/** The cost and cache figures, shown before anything starts. */
function RenderEstimate(props: { estimate: ReturnType<typeof useRenderEstimate> }): ReactElement {
  const { estimate } = props
  return (
    <div className="render-dialog__estimate" data-testid="render-estimate" aria-live="polite">
      {estimate.isPending && <p className="field__hint">Working out the cost…</p>}
      {estimate.data && (
        <p>
          {estimate.data.totalPieces.toLocaleString()} pieces,{' '}
          {estimate.data.cachedPieces.toLocaleString()} already cached.{' '}
          <strong>{estimate.data.requests.toLocaleString()} requests</strong>, about{' '}
          <strong>{estimate.data.billableCharacters.toLocaleString()} billable characters</strong>.
        </p>
      )}
      {estimate.isError && <ErrorNotice error={estimate.error} />}
    </div>
  )
}

/** Starts a render: the settings become the project's defaults, then main asks where to save. */
function useStartRender(onStarted: (jobId: string, outputName: string) => void): {
  start: (settings: RenderSettings) => Promise<void>
  starting: boolean
  error: unknown
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
  return { start, starting, error }
}

/**
 * The render dialog: format, sample rate, MP3 bitrate, single file or per chapter/block,
 * subtitles, loudness; the cost and cache figures are shown before anything starts. Start asks
 * where to save (native dialog, in main).
 */
export function RenderDialog(props: {
  onStarted: (jobId: string, outputName: string) => void
}): ReactElement {
  const open = useEditorUiStore((s) => s.renderDialogOpen)
  const defaults = useScriptDocumentStore((s) => s.meta.defaults)
  const [settings, setSettings] = useState<RenderSettings>(() => initialRenderSettings(defaults))
  // Nothing to single out: showModal focuses the first field, "Made for".
  const initialFocus = useRef<HTMLElement>(null)
  const { dialogProps } = useModalDialog(open, closeDialog, initialFocus)
  const estimate = useRenderEstimate(open, settings.format)
  const { start, starting, error } = useStartRender(props.onStarted)

  const preset = settings.preset ? DELIVERY_PRESETS[settings.preset] : null
  // Shown (and Start held back) when the sample rate changed under a bitrate it cannot carry.
  const mp3Problem =
    settings.format === 'mp3'
      ? mp3EncodingProblem(settings.mp3 ?? { mode: 'vbr' }, settings.sampleRate)
      : null
  return (
    <dialog {...dialogProps} className="dialog render-dialog" aria-labelledby="render-dialog-title">
      <div className="dialog__body">
        <h2 id="render-dialog-title">Render the script</h2>
        <div className="render-dialog__grid">
          <PresetField settings={settings} onChange={setSettings} />
          <RenderFormatFields
            settings={settings}
            preset={preset}
            mp3Problem={mp3Problem}
            onChange={setSettings}
          />
          <RenderOutputFields settings={settings} preset={preset} onChange={setSettings} />
        </div>
        <BookDetails />
        <RenderEstimate estimate={estimate} />
        {error !== null && <ErrorNotice error={error} />}
      </div>
      <div className="dialog__actions">
        <button type="button" className="button" onClick={closeDialog}>
          Cancel
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={starting || estimate.isError || mp3Problem !== null}
          onClick={() => void start(settings)}
        >
          Choose file and render…
        </button>
      </div>
    </dialog>
  )
}
