let names: Intl.DisplayNames | null = null

/**
 * A locale in words, the same everywhere the app names a language (the voice list, the script's
 * settings and voice chooser, the render checks): "en-GB" -> "English (United Kingdom)",
 * "de-DE" -> "German (Germany)". The tag itself when the runtime has no name for it, so an unusual
 * locale still reads as something.
 */
export function localeName(tag: string): string {
  try {
    names ??= new Intl.DisplayNames(['en'], {
      type: 'language',
      languageDisplay: 'standard',
      fallback: 'none',
    })
    const name = names.of(tag)
    return name !== undefined && name !== tag ? name : tag
  } catch {
    return tag
  }
}

/** The service lists model ids only; these are the ones it documents, as people say them. */
const MODEL_NAMES: Record<string, string> = {
  'simba-english': 'Simba English',
  'simba-multilingual': 'Simba Multilingual',
  'simba-3.0': 'Simba 3.0',
}

/** The word with its first letter in upper case: model names here, tag words in the window. */
export function capitalize(word: string): string {
  return word === '' ? word : word[0]!.toUpperCase() + word.slice(1)
}

/**
 * A model id as a name: the known ones by their name, any other by its words ("acme-turbo-v2" ->
 * "Acme Turbo v2"), so a model the service adds later still reads well.
 */
export function modelName(model: string): string {
  const known = MODEL_NAMES[model]
  if (known !== undefined) return known
  const words = model.split(/[-_\s]+/).filter(Boolean)
  if (words.length === 0) return model
  return words.map((w) => (/^v\d/.test(w) ? w : capitalize(w))).join(' ')
}
