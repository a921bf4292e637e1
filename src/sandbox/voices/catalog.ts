import {
  engineLanguage,
  modelsForLocale,
  type VoiceGender,
  type VoiceRecord,
} from './voice-record.js'

type Row = [
  id: string,
  name: string,
  gender: VoiceGender,
  locale: string,
  variant: string,
  pitch: number,
  rate: number,
  tags: string,
]

// Every catalog voice is a distinct (engine language, variant, pitch, rate) combination so that two
// voices are audibly different. Variants m1-m7 / f1-f5 are eSpeak-NG's male and female voice variants;
// the klatt variants are kept for personal voices.
const ROWS: Row[] = [
  ['george', 'George', 'male', 'en-US', 'm3', 30, 165, 'timbre:deep,style:narration'],
  ['emma', 'Emma', 'female', 'en-US', 'f2', 62, 175, 'timbre:bright,style:conversational'],
  ['liam', 'Liam', 'male', 'en-US', 'm1', 45, 185, 'timbre:warm,style:conversational'],
  ['olivia', 'Olivia', 'female', 'en-US', 'f4', 70, 170, 'timbre:soft,style:narration'],
  ['noah', 'Noah', 'male', 'en-US', 'm5', 38, 195, 'timbre:crisp,style:news'],
  ['ava', 'Ava', 'female', 'en-US', 'f1', 58, 190, 'timbre:clear,style:news'],
  ['river', 'River', 'not_specified', 'en-US', 'm7', 52, 175, 'timbre:neutral,style:assistant'],
  ['sage', 'Sage', 'not_specified', 'en-US', 'f5', 48, 160, 'timbre:calm,style:meditation'],
  ['arthur', 'Arthur', 'male', 'en-GB', 'm2', 34, 160, 'timbre:deep,style:audiobook'],
  ['sophie', 'Sophie', 'female', 'en-GB', 'f3', 64, 172, 'timbre:bright,style:narration'],
  ['harry', 'Harry', 'male', 'en-GB', 'm6', 42, 182, 'timbre:warm,style:conversational'],
  ['isla', 'Isla', 'female', 'en-GB', 'f2', 72, 168, 'timbre:soft,style:storytelling'],
  ['quinn', 'Quinn', 'not_specified', 'en-GB', 'm4', 55, 178, 'timbre:neutral,style:assistant'],
  ['louis', 'Louis', 'male', 'fr-FR', 'm3', 36, 170, 'timbre:warm,style:narration'],
  ['camille', 'Camille', 'female', 'fr-FR', 'f2', 66, 175, 'timbre:bright,style:conversational'],
  ['hugo', 'Hugo', 'male', 'fr-FR', 'm1', 44, 185, 'timbre:crisp,style:news'],
  ['claude', 'Claude', 'not_specified', 'fr-FR', 'f5', 50, 165, 'timbre:neutral,style:assistant'],
  ['lukas', 'Lukas', 'male', 'de-DE', 'm2', 32, 165, 'timbre:deep,style:narration'],
  ['mia', 'Mia', 'female', 'de-DE', 'f1', 63, 175, 'timbre:clear,style:conversational'],
  ['felix', 'Felix', 'male', 'de-DE', 'm5', 46, 188, 'timbre:crisp,style:news'],
  ['kim', 'Kim', 'not_specified', 'de-DE', 'm7', 54, 170, 'timbre:neutral,style:assistant'],
  ['mateo', 'Mateo', 'male', 'es-ES', 'm3', 40, 180, 'timbre:warm,style:conversational'],
  ['lucia', 'Lucía', 'female', 'es-ES', 'f4', 68, 182, 'timbre:bright,style:narration'],
  ['pablo', 'Pablo', 'male', 'es-ES', 'm6', 35, 170, 'timbre:deep,style:audiobook'],
  ['sol', 'Sol', 'not_specified', 'es-ES', 'f3', 52, 176, 'timbre:neutral,style:assistant'],
  ['marco', 'Marco', 'male', 'it-IT', 'm1', 38, 178, 'timbre:warm,style:narration'],
  ['giulia', 'Giulia', 'female', 'it-IT', 'f2', 67, 180, 'timbre:bright,style:conversational'],
  ['andrea', 'Andrea', 'not_specified', 'it-IT', 'm4', 50, 172, 'timbre:neutral,style:assistant'],
  ['joao', 'João', 'male', 'pt-BR', 'm2', 37, 176, 'timbre:warm,style:conversational'],
  ['beatriz', 'Beatriz', 'female', 'pt-BR', 'f1', 65, 178, 'timbre:bright,style:narration'],
  ['ariel', 'Ariel', 'not_specified', 'pt-BR', 'f5', 53, 170, 'timbre:neutral,style:assistant'],
  ['haruto', 'Haruto', 'male', 'ja-JP', 'm3', 40, 170, 'timbre:calm,style:narration'],
  ['yui', 'Yui', 'female', 'ja-JP', 'f4', 72, 175, 'timbre:bright,style:conversational'],
  ['daan', 'Daan', 'male', 'nl-NL', 'm5', 39, 178, 'timbre:warm,style:conversational'],
  ['fenna', 'Fenna', 'female', 'nl-NL', 'f3', 64, 174, 'timbre:clear,style:narration'],
  ['erik', 'Erik', 'male', 'sv-SE', 'm6', 36, 172, 'timbre:deep,style:narration'],
  ['astrid', 'Astrid', 'female', 'sv-SE', 'f2', 69, 178, 'timbre:bright,style:conversational'],
  ['jakub', 'Jakub', 'male', 'pl-PL', 'm2', 41, 176, 'timbre:crisp,style:news'],
  ['zofia', 'Zofia', 'female', 'pl-PL', 'f1', 66, 172, 'timbre:soft,style:narration'],
  ['arjun', 'Arjun', 'male', 'hi-IN', 'm1', 42, 180, 'timbre:warm,style:conversational'],
  ['priya', 'Priya', 'female', 'hi-IN', 'f4', 70, 176, 'timbre:bright,style:narration'],
  ['wei', 'Wei', 'male', 'zh-CN', 'm3', 38, 168, 'timbre:calm,style:news'],
  ['lin', 'Lin', 'female', 'zh-CN', 'f2', 68, 172, 'timbre:clear,style:conversational'],
  ['an', 'An', 'not_specified', 'zh-CN', 'm4', 52, 170, 'timbre:neutral,style:assistant'],
]

const CREATED_AT = '2025-01-15T09:00:00.000Z'

/**
 * The voices that accept styles, and which: the rest have none, as on the service, so both an
 * emotion a voice speaks and one it refuses can be tried. Said by a tag `emotions:a,b,c`.
 */
const EMOTIONS: Record<string, string> = {
  george:
    'angry,cheerful,sad,terrified,relaxed,fearful,surprised,calm,assertive,energetic,warm,direct,bright',
  emma: 'cheerful,sad,angry,calm,warm,surprised',
  olivia: 'calm,warm,sad,relaxed',
  arthur: 'calm,warm,assertive,direct',
}

function fromRow([id, name, gender, locale, variant, pitch, rate, tags]: Row): VoiceRecord {
  return {
    id,
    type: 'shared',
    displayName: name,
    gender,
    locale,
    tags: [...tags.split(','), ...(EMOTIONS[id] ? [`emotions:${EMOTIONS[id]}`] : [])],
    models: modelsForLocale(locale),
    engine: {
      espeakVoice: `${engineLanguage(locale)}+${variant}`,
      pitch,
      range: 50,
      rate,
      gain: 1,
    },
    createdAt: CREATED_AT,
  }
}

/** The shared catalog (44 voices, 13 locales) plus `extra` synthetic voices for large-list tests. */
export function buildCatalog(extra: number): VoiceRecord[] {
  const voices = ROWS.map(fromRow)
  for (let n = 1; n <= extra; n++) {
    const base = voices[(n - 1) % ROWS.length]
    if (!base) break
    const id = `synthetic_${String(n).padStart(5, '0')}`
    voices.push({
      ...base,
      id,
      displayName: `Synthetic ${String(n).padStart(5, '0')}`,
      tags: [...base.tags, 'synthetic'],
      engine: { ...base.engine, pitch: 20 + ((n * 7) % 60) },
    })
  }
  return voices
}
