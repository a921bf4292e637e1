import { useMemo } from 'react'
import type { Dispatch, ReactElement, RefObject } from 'react'
import type { VoiceGender } from '../../../../../shared/domain/voice'
import { VOICE_GENDERS } from '../../../../../shared/domain/voice'
import type { DraftAction, VoiceDraft } from '../hooks/voice-draft'
import { DraftTextField, FormField } from './draft-field'
import { genderLabel } from '../../../lib/voice-labels'
import { localeName } from '../../../../../shared/domain/voice-names'

/** Name, gender and the (optional) language the sample is spoken in, on one row. */
export function VoiceIdentityFields(props: {
  idPrefix: string
  nameRef: RefObject<HTMLInputElement | null>
  draft: VoiceDraft
  dispatch: Dispatch<DraftAction>
  /** Why the name cannot be used (the form's own check, or the service's), or null. */
  nameProblem: string | null
  /** The languages the app knows (those of the loaded voices and their models). */
  locales: readonly string[]
}): ReactElement {
  const { idPrefix: ids, nameRef, draft, dispatch, nameProblem, locales } = props
  const languages = useMemo(
    () =>
      locales
        .map((l) => ({ locale: l, name: localeName(l) }))
        .sort((a, b) => a.name.localeCompare(b.name, 'en')),
    [locales],
  )
  return (
    <div className="create-voice__identity">
      <DraftTextField
        id={`${ids}-name`}
        label="Name"
        inputRef={nameRef}
        value={draft.name}
        maxLength={100}
        problem={nameProblem}
        onChange={(name) => dispatch({ type: 'edit', change: { name } })}
      />
      <FormField id={`${ids}-gender`} label="Gender">
        <select
          id={`${ids}-gender`}
          className="input"
          value={draft.gender}
          onChange={(e) =>
            dispatch({ type: 'edit', change: { gender: e.target.value as VoiceGender } })
          }
        >
          {VOICE_GENDERS.map((g) => (
            <option key={g} value={g}>
              {genderLabel(g)}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id={`${ids}-locale`} label="Language (optional)">
        <select
          id={`${ids}-locale`}
          className="input"
          value={draft.locale}
          onChange={(e) => dispatch({ type: 'edit', change: { locale: e.target.value } })}
        >
          <option value="">Detect automatically</option>
          {languages.map((l) => (
            <option key={l.locale} value={l.locale}>
              {l.name}
            </option>
          ))}
        </select>
      </FormField>
    </div>
  )
}
