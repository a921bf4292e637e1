import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import type { ReactElement } from 'react'
import { MP3_BITRATES, mp3EncodingProblem } from '../../../../../shared/domain/script'
import type { RenderSettings } from '../../../../../shared/domain/script-workspace'
import type { DeliveryPreset, DeliveryPresetId } from '../../../../../shared/domain/delivery'
import { DELIVERY_PRESETS, presetCriteria } from '../../../../../shared/domain/delivery'
import { isAacContainer } from '../../../../../shared/domain/speech'
import { ErrorNotice } from '../../../components/error-notice'
import { BookDetails } from './book-details'
import { estimateRender, startRender } from '../api/render-api'
import { useEditorUiStore } from '../stores/editor-ui-store'
import { useScriptDocumentStore } from '../stores/script-document-store'
import { PresetOptions } from './preset-options'

/**
 * The settings a preset needs: its format, rate and MP3 bitrate; a format that takes no gain
 * (AAC, M4B) becomes MP3; the level is the preset's. ACX takes one file per chapter.
 */
function settingsForPreset(settings: RenderSettings, preset: DeliveryPreset): RenderSettings {
  const format = preset.format ?? (isAacContainer(settings.format) ? 'mp3' : settings.format)
  return {
    ...settings,
    preset: preset.id,
    format,
    ...(preset.sampleRate ? { sampleRate: preset.sampleRate } : {}),
    ...(preset.mp3 && format === 'mp3' ? { mp3: preset.mp3 } : {}),
    loudness: { mode: 'service' },
    ...(preset.id === 'acx' ? { split: 'chapter' as const } : {}),
  }
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
  const dialogRef = useRef<HTMLDialogElement>(null)
  const [settings, setSettings] = useState<RenderSettings>({
    format: defaults.format,
    sampleRate: isAacContainer(defaults.format) ? 24_000 : defaults.sampleRate,
    // ACX takes one file per chapter.
    split: defaults.preset === 'acx' ? 'chapter' : 'none',
    subtitles: 'srt',
    loudness: defaults.loudness,
    ...(defaults.mp3 ? { mp3: defaults.mp3 } : {}),
    ...(defaults.preset ? { preset: defaults.preset } : {}),
  })
  const [error, setError] = useState<unknown>(null)
  const [starting, setStarting] = useState(false)
  // Why the format is part of the estimate: AAC pieces are requested (and cached) as AAC, every
  // other format from the same PCM pieces, so what is already cached depends on it.
  const engineFormat = isAacContainer(settings.format) ? 'aac' : 'pcm'
  const estimate = useQuery({
    queryKey: ['script', 'estimate', open, engineFormat],
    queryFn: () => estimateRender(settings.format),
    enabled: open,
    gcTime: 0,
    retry: false,
  })

  useEffect(() => {
    const dialog = dialogRef.current
    if (dialog === null) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])

  const close = (): void => useEditorUiStore.getState().setRenderDialogOpen(false)
  const start = async (): Promise<void> => {
    const doc = useScriptDocumentStore.getState().doc
    if (doc === null) return
    setStarting(true)
    setError(null)
    try {
      const store = useScriptDocumentStore.getState()
      const { preset: _previous, ...kept } = store.meta.defaults
      store.updateMeta({
        defaults: {
          ...kept,
          format: settings.format,
          sampleRate: settings.sampleRate,
          loudness: settings.loudness,
          ...(settings.mp3 ? { mp3: settings.mp3 } : {}),
          ...(settings.preset ? { preset: settings.preset } : {}),
        },
      })
      const started = await startRender(settings)
      if (started !== null) {
        props.onStarted(started.jobId, started.outputName)
        close()
      }
    } catch (caught) {
      setError(caught)
    } finally {
      setStarting(false)
    }
  }

  const preset = settings.preset ? DELIVERY_PRESETS[settings.preset] : null
  const targetLufs = settings.loudness.mode === 'target' ? settings.loudness.targetLufs : -16
  const mp3 = settings.mp3 ?? { mode: 'vbr' as const }
  // Shown (and Start held back) when the sample rate changed under a bitrate it cannot carry.
  const mp3Problem = settings.format === 'mp3' ? mp3EncodingProblem(mp3, settings.sampleRate) : null
  return (
    <dialog
      ref={dialogRef}
      className="dialog render-dialog"
      aria-labelledby="render-dialog-title"
      onCancel={(e) => {
        e.preventDefault()
        close()
      }}
    >
      <div className="dialog__body">
        <h2 id="render-dialog-title">Render the script</h2>
        <div className="render-dialog__grid">
          <label className="field render-dialog__wide">
            <span className="field__label">Made for</span>
            <select
              className="input"
              value={settings.preset ?? ''}
              onChange={(e) => {
                const id = e.target.value as DeliveryPresetId | ''
                if (id === '') {
                  const { preset: _dropped, ...rest } = settings
                  setSettings(rest)
                  return
                }
                setSettings(settingsForPreset(settings, DELIVERY_PRESETS[id]))
              }}
            >
              <PresetOptions />
            </select>
          </label>
          {preset !== null && (
            <div className="render-dialog__note preset-criteria" data-testid="preset-criteria">
              <p className="field__hint">
                {preset.purpose} VoiceDesk sets the level, keeps peaks under the limit
                {preset.headSilenceS ? ', adds room tone at each end' : ''}, and checks every file
                after rendering:
              </p>
              <ul>
                {presetCriteria(preset).map((c) => (
                  <li key={c.label}>
                    {c.label}: {c.requirement}
                  </li>
                ))}
              </ul>
            </div>
          )}
          <label className="field">
            <span className="field__label">Format</span>
            <select
              className="input"
              disabled={preset?.format !== undefined}
              value={settings.format}
              onChange={(e) => {
                const format = e.target.value as RenderSettings['format']
                // AAC frames come from the service as they are: its rate, no gain applied.
                setSettings(
                  isAacContainer(format)
                    ? { ...settings, format, sampleRate: 24_000, loudness: { mode: 'service' } }
                    : { ...settings, format },
                )
              }}
            >
              <option value="mp3">MP3</option>
              <option value="wav">WAV</option>
              <option value="ogg">Ogg Vorbis</option>
              {/* A preset sets the level with a gain, which AAC frames joined as sent cannot take. */}
              <option value="m4b" disabled={preset !== null}>
                M4B audiobook (chapters, cover)
              </option>
              <option value="aac" disabled={preset !== null}>
                AAC (ADTS)
              </option>
              <option value="pcm">Raw PCM</option>
            </select>
          </label>
          <label className="field">
            <span className="field__label">Sample rate</span>
            <select
              className="input"
              disabled={isAacContainer(settings.format) || preset?.sampleRate !== undefined}
              value={settings.sampleRate}
              onChange={(e) =>
                setSettings({
                  ...settings,
                  sampleRate: Number(e.target.value) as RenderSettings['sampleRate'],
                })
              }
            >
              <option value={24000}>24 kHz (the service's own)</option>
              <option value={44100}>44.1 kHz</option>
              <option value={48000}>48 kHz</option>
            </select>
          </label>
          {settings.format === 'mp3' && (
            <label className="field">
              <span className="field__label">MP3 bitrate</span>
              <select
                className="input"
                disabled={preset?.mp3 !== undefined}
                aria-describedby={mp3Problem !== null ? 'mp3-bitrate-error' : undefined}
                value={mp3.mode === 'cbr' ? String(mp3.bitrateKbps) : 'vbr'}
                onChange={(e) => {
                  const kbps = MP3_BITRATES.find((b) => String(b) === e.target.value)
                  setSettings({
                    ...settings,
                    mp3: kbps === undefined ? { mode: 'vbr' } : { mode: 'cbr', bitrateKbps: kbps },
                  })
                }}
              >
                <option value="vbr">Variable</option>
                {MP3_BITRATES.map((kbps) => (
                  <option
                    key={kbps}
                    value={kbps}
                    disabled={settings.sampleRate < 32_000 && kbps > 160}
                  >
                    {kbps} kbps constant
                  </option>
                ))}
              </select>
            </label>
          )}
          {settings.format === 'mp3' && mp3.mode === 'cbr' && mp3Problem === null && (
            <p className="field__hint render-dialog__note">
              Constant bitrate: every second of the file takes the same space. ACX/Audible asks for
              192 kbps at 44.1 kHz.
            </p>
          )}
          {mp3Problem !== null && (
            <p className="field__error render-dialog__note" role="alert" id="mp3-bitrate-error">
              {mp3Problem}
            </p>
          )}
          <label className="field">
            <span className="field__label">Files</span>
            <select
              className="input"
              value={settings.split}
              onChange={(e) =>
                setSettings({ ...settings, split: e.target.value as RenderSettings['split'] })
              }
            >
              <option value="none">One file</option>
              <option value="chapter">One file plus one per chapter</option>
              <option value="block">One file plus one per block</option>
            </select>
          </label>
          <label className="field">
            <span className="field__label">Subtitles</span>
            <select
              className="input"
              value={settings.subtitles}
              onChange={(e) =>
                setSettings({
                  ...settings,
                  subtitles: e.target.value as RenderSettings['subtitles'],
                })
              }
            >
              <option value="srt">SRT beside the file</option>
              <option value="vtt">WebVTT beside the file</option>
              <option value="none">None</option>
            </select>
          </label>
          <label className="field">
            <span className="field__label">Loudness</span>
            <select
              className="input"
              disabled={preset !== null}
              value={settings.loudness.mode}
              onChange={(e) =>
                setSettings({
                  ...settings,
                  loudness:
                    e.target.value === 'target'
                      ? { mode: 'target', targetLufs }
                      : { mode: 'service' },
                })
              }
            >
              <option value="service">
                {preset ? `Set by ${preset.name}` : 'As the service delivers it'}
              </option>
              <option value="target" disabled={isAacContainer(settings.format) || preset !== null}>
                Normalize to a target
              </option>
            </select>
          </label>
          {isAacContainer(settings.format) && (
            <p className="field__hint render-dialog__note">
              {settings.format === 'm4b' ? 'M4B' : 'AAC'} is joined from the service's own frames:
              24 kHz, loudness as delivered, pauses rounded to whole 42.67 ms frames.
              {settings.format === 'm4b' && ' Chapters come from the script’s headings.'}
            </p>
          )}
          {settings.loudness.mode === 'target' && (
            <label className="field">
              <span className="field__label">Target (LUFS)</span>
              <input
                className="input"
                type="number"
                min={-40}
                max={-5}
                step={1}
                value={targetLufs}
                onChange={(e) =>
                  setSettings({
                    ...settings,
                    loudness: {
                      mode: 'target',
                      targetLufs: Math.max(-40, Math.min(-5, Number(e.target.value))),
                    },
                  })
                }
              />
            </label>
          )}
        </div>
        <BookDetails />
        <div className="render-dialog__estimate" data-testid="render-estimate" aria-live="polite">
          {estimate.isPending && <p className="field__hint">Working out the cost…</p>}
          {estimate.data && (
            <p>
              {estimate.data.totalPieces.toLocaleString()} pieces,{' '}
              {estimate.data.cachedPieces.toLocaleString()} already cached.{' '}
              <strong>{estimate.data.requests.toLocaleString()} requests</strong>, about{' '}
              <strong>
                {estimate.data.billableCharacters.toLocaleString()} billable characters
              </strong>
              .
            </p>
          )}
          {estimate.isError && <ErrorNotice error={estimate.error} />}
        </div>
        {error !== null && <ErrorNotice error={error} />}
      </div>
      <div className="dialog__actions">
        <button type="button" className="button" onClick={close}>
          Cancel
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={starting || estimate.isError || mp3Problem !== null}
          onClick={() => void start()}
        >
          Choose file and render…
        </button>
      </div>
    </dialog>
  )
}
