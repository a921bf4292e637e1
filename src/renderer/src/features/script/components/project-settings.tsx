import { useId, useMemo, useRef, useState } from 'react'
import type { ReactElement } from 'react'
import type { DeliveryPresetId } from '../../../../../shared/domain/delivery'
import { DELIVERY_PRESETS } from '../../../../../shared/domain/delivery'
import type { ProjectDefaults } from '../../../../../shared/domain/script'
import { useModalDialog } from '../../../components/use-modal-dialog'
import { useVoiceOptions } from '../api/script-api'
import { useScriptDocumentStore } from '../stores/script-document-store'
import './project-settings.css'
import { PresetOptions } from './preset-options'

const MAX_PAUSE_MS = 60_000
const LUFS_RANGE = { min: -40, max: -5 }

let languageNames: Intl.DisplayNames | null = null

/** "en-GB" as "English (United Kingdom)"; the code when the runtime has no name for it. */
function languageLabel(locale: string): string {
  try {
    languageNames ??= new Intl.DisplayNames(['en'], { type: 'language' })
    return languageNames.of(locale) ?? locale
  } catch {
    return locale
  }
}

/** A model id in words: "simba-multilingual" as "Simba Multilingual". */
function modelLabel(model: string): string {
  return model
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((part) =>
      /^[a-z]/.test(part) && !/^v\d/.test(part) ? part[0]!.toUpperCase() + part.slice(1) : part,
    )
    .join(' ')
}

/** Sets one or more project defaults: one undo step, like every other document edit. */
function setDefaults(patch: Partial<ProjectDefaults>): void {
  const store = useScriptDocumentStore.getState()
  store.updateMeta({ defaults: { ...store.meta.defaults, ...patch } })
}

/**
 * A whole number typed in a field and applied when the field is left or Enter is pressed (so a
 * half-typed "1" never becomes a one-millisecond pause), with the reason when it cannot be.
 */
function NumberSetting(props: {
  label: string
  hint: string
  unit: string
  value: number
  min: number
  max: number
  disabled?: boolean
  onCommit: (value: number) => void
}): ReactElement {
  const id = useId()
  const [draft, setDraft] = useState<string | null>(null)
  const text = draft ?? String(props.value)
  const parsed = Number(text.trim())
  const problem =
    text.trim() === '' || !Number.isFinite(parsed) || !Number.isInteger(parsed)
      ? `Type a whole number of ${props.unit}.`
      : parsed < props.min || parsed > props.max
        ? `Choose between ${props.min.toLocaleString()} and ${props.max.toLocaleString()} ${props.unit}.`
        : null
  const commit = (): void => {
    if (draft === null || problem !== null) return
    if (parsed !== props.value) props.onCommit(parsed)
    setDraft(null)
  }
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {props.label}
      </label>
      <span className="project-settings__number">
        <input
          id={id}
          className="input"
          inputMode="numeric"
          disabled={props.disabled}
          value={text}
          aria-invalid={problem !== null}
          aria-describedby={`${id}-hint${problem !== null ? ` ${id}-error` : ''}`}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit()
          }}
        />
        <span aria-hidden="true">{props.unit}</span>
      </span>
      <span className="field__hint" id={`${id}-hint`}>
        {props.hint}
      </span>
      {problem !== null && (
        <span className="field__error" id={`${id}-error`} role="alert">
          {problem}
        </span>
      )}
    </div>
  )
}

/**
 * The project's settings every block falls back on: pauses, language, model, text normalization
 * and loudness. Each change applies at once as an undoable edit of the document.
 */
export function ProjectSettingsDialog(props: { open: boolean; onClose: () => void }): ReactElement {
  const defaults = useScriptDocumentStore((s) => s.meta.defaults)
  const voices = useVoiceOptions()
  const closeRef = useRef<HTMLButtonElement>(null)
  const { dialogProps } = useModalDialog(props.open, props.onClose, closeRef)

  const { languages, models } = useMemo(() => {
    const locales = new Set<string>()
    const names = new Set<string>()
    for (const voice of voices.data ?? []) {
      if (voice.locale) locales.add(voice.locale)
      for (const model of voice.models) {
        names.add(model.name)
        for (const language of model.languages) locales.add(language.locale)
      }
    }
    // The project's own value stays choosable even when no voice lists it (an older project).
    if (defaults.language) locales.add(defaults.language)
    if (defaults.model) names.add(defaults.model)
    const valid = [...locales].filter((l) => /^[a-z]{2,3}-[A-Z]{2}$/.test(l))
    return {
      languages: valid
        .map((value) => ({ value, label: languageLabel(value) }))
        .sort((a, b) => a.label.localeCompare(b.label)),
      models: [...names].sort().map((value) => ({ value, label: modelLabel(value) })),
    }
  }, [voices.data, defaults.language, defaults.model])

  const preset = defaults.preset ? DELIVERY_PRESETS[defaults.preset] : null
  const targetLufs = defaults.loudness.mode === 'target' ? defaults.loudness.targetLufs : -16
  return (
    <dialog
      {...dialogProps}
      className="dialog project-settings"
      aria-labelledby="project-settings-title"
      aria-describedby="project-settings-intro"
      data-testid="project-settings"
    >
      <div className="dialog__body">
        <h2 id="project-settings-title">Project settings</h2>
        <p id="project-settings-intro" className="dialog__text">
          What every block uses unless it sets its own. Changes apply at once and are saved with the
          project; Undo takes them back.
        </p>
        <fieldset className="project-settings__group">
          <legend>Pauses</legend>
          <div className="project-settings__grid">
            <NumberSetting
              label="Between blocks"
              hint="After a block that continues the same paragraph (dialogue lines, split text)."
              unit="ms"
              min={0}
              max={MAX_PAUSE_MS}
              value={defaults.pauseBetweenBlocksMs}
              onCommit={(ms) => setDefaults({ pauseBetweenBlocksMs: ms })}
            />
            <NumberSetting
              label="Between paragraphs"
              hint="After the last block of a paragraph."
              unit="ms"
              min={0}
              max={MAX_PAUSE_MS}
              value={defaults.pauseBetweenParagraphsMs}
              onCommit={(ms) => setDefaults({ pauseBetweenParagraphsMs: ms })}
            />
          </div>
        </fieldset>
        <fieldset className="project-settings__group">
          <legend>Speech</legend>
          <div className="project-settings__grid">
            <label className="field">
              <span className="field__label">Language</span>
              <select
                className="input"
                value={defaults.language ?? ''}
                onChange={(e) => {
                  const { language: _old, ...rest } = defaults
                  useScriptDocumentStore.getState().updateMeta({
                    defaults: e.target.value === '' ? rest : { ...rest, language: e.target.value },
                  })
                }}
              >
                <option value="">Each voice's own language</option>
                {languages.map((l) => (
                  <option key={l.value} value={l.value}>
                    {l.label}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span className="field__label">Model</span>
              <select
                className="input"
                value={defaults.model ?? ''}
                onChange={(e) => {
                  const { model: _old, ...rest } = defaults
                  useScriptDocumentStore.getState().updateMeta({
                    defaults: e.target.value === '' ? rest : { ...rest, model: e.target.value },
                  })
                }}
              >
                <option value="">The service's choice for each voice</option>
                {models.map((m) => (
                  <option key={m.value} value={m.value}>
                    {m.label}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {voices.isError && (
            <p className="field__hint">
              The voice list could not be read, so only the current language and model are listed.
              Check the account in Account, then open this again.
            </p>
          )}
          <label className="project-settings__check">
            <input
              type="checkbox"
              checked={defaults.textNormalization}
              onChange={(e) => setDefaults({ textNormalization: e.target.checked })}
            />
            <span>
              Read numbers, dates and abbreviations as words (text normalization by the service)
            </span>
          </label>
        </fieldset>
        <fieldset className="project-settings__group">
          <legend>Loudness</legend>
          <label className="field">
            <span className="field__label">Made for</span>
            <select
              className="input"
              value={defaults.preset ?? ''}
              onChange={(e) => {
                const id = e.target.value as DeliveryPresetId | ''
                const { preset: _old, ...rest } = defaults
                useScriptDocumentStore
                  .getState()
                  .updateMeta({ defaults: id === '' ? rest : { ...rest, preset: id } })
              }}
            >
              <PresetOptions />
            </select>
          </label>
          {preset !== null && (
            <p className="field__hint">
              {preset.name} sets the level and the peak limit, so the loudness below is not used.
              The render dialog shows everything it checks.
            </p>
          )}
          <div className="project-settings__grid">
            <label className="field">
              <span className="field__label">Level of the finished file</span>
              <select
                className="input"
                disabled={preset !== null}
                value={defaults.loudness.mode}
                onChange={(e) =>
                  setDefaults({
                    loudness:
                      e.target.value === 'target'
                        ? { mode: 'target', targetLufs }
                        : { mode: 'service' },
                  })
                }
              >
                <option value="service">As the service delivers it</option>
                <option value="target">Measured and set to a target</option>
              </select>
            </label>
            {defaults.loudness.mode === 'target' && (
              <NumberSetting
                label="Target loudness"
                hint="Integrated loudness: −16 for podcasts, −23 for broadcast."
                unit="LUFS"
                min={LUFS_RANGE.min}
                max={LUFS_RANGE.max}
                disabled={preset !== null}
                value={targetLufs}
                onCommit={(lufs) => setDefaults({ loudness: { mode: 'target', targetLufs: lufs } })}
              />
            )}
          </div>
          <label className="project-settings__check">
            <input
              type="checkbox"
              checked={defaults.serviceLoudnessNormalization}
              onChange={(e) => setDefaults({ serviceLoudnessNormalization: e.target.checked })}
            />
            <span>Ask the service to even out the loudness of each piece (−14 LUFS)</span>
          </label>
        </fieldset>
      </div>
      <div className="dialog__actions">
        <button
          ref={closeRef}
          type="button"
          className="button button--primary"
          onClick={props.onClose}
        >
          Done
        </button>
      </div>
    </dialog>
  )
}
