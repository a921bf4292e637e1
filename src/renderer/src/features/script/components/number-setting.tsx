import { useId, useState } from 'react'
import type { ReactElement } from 'react'

/**
 * A number typed in a field and applied when the field is left or Enter is pressed (so a
 * half-typed "1" never becomes a one-second pause), with the reason when it cannot be. Shown in
 * the unit a person uses (`perUnit` stored units make one shown unit: 1000 ms a second), to
 * `decimals` places.
 */
export function NumberSetting(props: {
  label: string
  hint?: string
  unit: string
  value: number
  min: number
  max: number
  perUnit?: number
  decimals?: number
  disabled?: boolean
  onCommit: (value: number) => void
}): ReactElement {
  const id = useId()
  const perUnit = props.perUnit ?? 1
  const decimals = props.decimals ?? 0
  const [draft, setDraft] = useState<string | null>(null)
  const text = draft ?? String(props.value / perUnit)
  const parsed = Number(text.trim())
  const places = text.trim().split('.')[1]?.length ?? 0
  const problem =
    text.trim() === '' || !Number.isFinite(parsed) || places > decimals
      ? decimals === 0
        ? `Type a whole number of ${props.unit}.`
        : `Type a number of ${props.unit}, like 0.5.`
      : parsed < props.min || parsed > props.max
        ? `Choose between ${props.min.toLocaleString()} and ${props.max.toLocaleString()} ${props.unit}.`
        : null
  const commit = (): void => {
    if (draft === null || problem !== null) return
    const stored = Math.round(parsed * perUnit)
    if (stored !== props.value) props.onCommit(stored)
    setDraft(null)
  }
  const describedBy = [props.hint ? `${id}-hint` : '', problem !== null ? `${id}-error` : '']
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {props.label}
      </label>
      <span className="row project-settings__number">
        <input
          id={id}
          className="input"
          inputMode={decimals === 0 ? 'numeric' : 'decimal'}
          disabled={props.disabled}
          value={text}
          aria-invalid={problem !== null}
          aria-describedby={describedBy.filter(Boolean).join(' ') || undefined}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit()
          }}
        />
        <span aria-hidden="true">{props.unit}</span>
      </span>
      {props.hint && (
        <span className="field__hint" id={`${id}-hint`}>
          {props.hint}
        </span>
      )}
      {problem !== null && (
        <span className="field__error" id={`${id}-error`} role="alert">
          {problem}
        </span>
      )}
    </div>
  )
}
