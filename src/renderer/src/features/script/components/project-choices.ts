import type { ProjectDefaults } from '../../../../../shared/domain/script'
import type { Voice } from '../../../../../shared/domain/voice'
import type { SelectChoice } from '../../../components/ui/select-field'
import { localeName, modelName } from '../../../../../shared/domain/voice-names'

/**
 * The languages and models a project can default to: every one the voice list names (a voice's
 * own locale and each model's languages), by name. The project's own values stay choosable even
 * when no voice lists them (an older project, or a voice list that could not be read). Only
 * language-REGION locales are offered: the service takes no bare "en".
 */
export function projectChoices(
  voices: readonly Voice[],
  defaults: Pick<ProjectDefaults, 'language' | 'model'>,
): { languages: SelectChoice[]; models: SelectChoice[] } {
  const locales = new Set<string>()
  const names = new Set<string>()
  for (const voice of voices) {
    if (voice.locale) locales.add(voice.locale)
    for (const model of voice.models) {
      names.add(model.name)
      for (const language of model.languages) locales.add(language.locale)
    }
  }
  if (defaults.language) locales.add(defaults.language)
  if (defaults.model) names.add(defaults.model)
  const valid = [...locales].filter((l) => /^[a-z]{2,3}-[A-Z]{2}$/.test(l))
  return {
    languages: valid
      .map((value) => ({ value, label: localeName(value) }))
      .sort((a, b) => a.label.localeCompare(b.label)),
    models: [...names].sort().map((value) => ({ value, label: modelName(value) })),
  }
}
