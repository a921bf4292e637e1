import type { Voice } from '../../../../shared/domain/voice'
import type { PreflightProblem } from '../../../../shared/errors'
import { localeName, modelName } from '../../../../shared/domain/voice-names'
import { voiceEmotions } from '../../../../shared/domain/voice-styles'
import type { VoiceUse } from '../plan/voice-uses'
import { missingVoiceName } from '../../../../shared/domain/missing-voice-name'

/** "A", "A and B", "A, B and C": each name once. */
function andList(items: string[]): string {
  const names = [...new Set(items)]
  if (names.length <= 1) return names[0] ?? ''
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`
}

/** "3", "3 and 7", "3, 7 and 9", "3, 7, 9 and 4 more" (1-based block numbers). */
function blockList(use: VoiceUse): string {
  const numbers = use.blocks.map((b) => String(b + 1))
  const more = use.blockCount - numbers.length
  return more > 0 ? `${numbers.join(', ')} and ${more} more` : andList(numbers)
}

function blocksPhrase(use: VoiceUse): string {
  return `${use.blockCount === 1 ? 'block' : 'blocks'} ${blockList(use)}`
}

/** Who made the choice, as the sentence's subject: a cast entry, blocks, or the default voice. */
function subject(use: VoiceUse): { who: string; uses: string } {
  if (use.source.kind === 'cast') return { who: use.source.speaker, uses: 'uses' }
  if (use.source.kind === 'block') {
    const phrase = blocksPhrase(use)
    return {
      who: phrase.charAt(0).toUpperCase() + phrase.slice(1),
      uses: use.blockCount === 1 ? 'uses' : 'use',
    }
  }
  return { who: 'The default voice', uses: 'is' }
}

/** What the user changes to fix a voice, in words that fit both the app and the command line. */
function remedy(use: VoiceUse, what: string): string {
  if (use.source.kind === 'cast') return `Give ${use.source.speaker} ${what} in the cast.`
  if (use.source.kind === 'block') {
    return `Give ${use.blockCount === 1 ? 'the block' : 'these blocks'} ${what}.`
  }
  return `Choose a default voice ${what.replace(/^a voice /, '')}.`
}

function facts(use: VoiceUse): Omit<PreflightProblem, 'kind' | 'message'> {
  return {
    block: (use.blocks[0] ?? 0) + 1,
    ...(use.source.kind === 'cast' ? { speaker: use.source.speaker } : {}),
    ...(use.source.kind === 'default' ? { defaultVoice: true as const } : {}),
  }
}

/** Whether `asked` is one of `offered`: the same tag, or the same language in another region. */
function speaks(offered: string[], asked: string): boolean {
  const language = (tag: string): string => tag.split('-')[0]?.toLowerCase() ?? ''
  return offered.some((locale) => language(locale) === language(asked))
}

/**
 * A voice the voice list lacks, in calm plain words: whose voice it is, and where to choose
 * another ("Narrator 2's voice, Dorothy, isn't in your voice list. Choose another voice for
 * Narrator 2 in the cast."). The blocks it reads are in the problem's facts, not the sentence.
 */
function unknownVoice(use: VoiceUse): PreflightProblem {
  const name = missingVoiceName(use.voiceId)
  let message: string
  if (use.source.kind === 'default') {
    message = `The default voice, ${name}, isn't in your voice list. Choose another default voice.`
  } else if (use.source.kind === 'cast') {
    const speaker = use.source.speaker
    message = `${speaker}'s voice, ${name}, isn't in your voice list. Choose another voice for ${speaker} in the cast.`
  } else {
    const whose = use.blockCount === 1 ? `Block ${blockList(use)}'s` : `The ${blocksPhrase(use)}'`
    message = `${whose} voice, ${name}, isn't in your voice list (it may have been deleted). Choose another voice for ${use.blockCount === 1 ? 'the block' : 'these blocks'}.`
  }
  return { kind: 'voice', message, ...facts(use) }
}

/** " (blocks 3 and 7)" where the subject does not already name the blocks. */
function where(use: VoiceUse): string {
  return use.source.kind === 'block' ? '' : ` (${blocksPhrase(use)})`
}

function voicePhrase(use: VoiceUse, voice: Voice): string {
  const { who, uses } = subject(use)
  return use.source.kind === 'default'
    ? `The default voice, ${voice.displayName}, is used`
    : `${who} ${uses} ${voice.displayName}`
}

/**
 * A block whose marks ask its voice for an emotion the voice does not offer (its voice data lists
 * none, or others): named with the block and the voice, before anything is sent.
 */
export function emotionProblems(use: VoiceUse, voice: Voice): PreflightProblem[] {
  const offered = voiceEmotions(voice)
  const problems: PreflightProblem[] = []
  for (const { emotion, block, inSsml } of use.emotions ?? []) {
    if (offered.includes(emotion)) continue
    const can =
      offered.length === 0
        ? `${voice.displayName} has no emotions`
        : `${voice.displayName} can sound only ${andList(offered)}`
    const asks = inSsml ? `Block ${block + 1}'s SSML asks for` : `Block ${block + 1} asks for`
    const fix = inSsml ? 'Take the style tag out' : 'Take the emotion mark off'
    problems.push({
      kind: 'emotion',
      message: `${asks} ${/^[aeiou]/.test(emotion) ? 'an' : 'a'} ${emotion} delivery, but ${can}. ${fix}, or give the block a voice that can sound ${emotion}.`,
      ...facts(use),
      block: block + 1,
    })
  }
  return problems
}

/**
 * What in `uses` the catalog rules out: a voice that is not in it, a model the voice does not
 * offer, a language none of its models speaks, an emotion it has not. A voice whose catalog entry lists no models (older
 * deployments) is not judged on model or language: nothing says what it cannot do.
 */
export function checkVoiceUses(uses: VoiceUse[], catalog: Voice[]): PreflightProblem[] {
  const byId = new Map(catalog.map((v) => [v.id, v]))
  const problems: PreflightProblem[] = []
  for (const use of uses) {
    const voice = byId.get(use.voiceId)
    if (voice === undefined) {
      problems.push(unknownVoice(use))
      continue
    }
    problems.push(...emotionProblems(use, voice))
    if (voice.models.length === 0) continue
    const model = use.model === null ? null : voice.models.find((m) => m.name === use.model)
    if (model === undefined) {
      const ids = [use.model ?? '', ...voice.models.map((m) => m.name)]
      // A model by its name; by its id as well where two ids read the same ("simba_english").
      const named = (id: string): string =>
        ids.some((other) => other !== id && modelName(other) === modelName(id))
          ? `${modelName(id)} ("${id}")`
          : modelName(id)
      const offered = andList(voice.models.map((m) => named(m.name)))
      const other = remedy(use, 'a voice that offers it')
      problems.push({
        kind: 'model',
        message: `${voicePhrase(use, voice)} with the ${named(use.model ?? '')} model${where(use)}, which ${voice.displayName} does not offer (it offers ${offered}). Choose one of those models, or ${other.charAt(0).toLowerCase()}${other.slice(1)}`,
        ...facts(use),
      })
      continue
    }
    if (use.language === null) continue
    const languages = (model === null ? voice.models : [model]).flatMap((m) =>
      m.languages.map((l) => l.locale),
    )
    if (languages.length === 0 || speaks(languages, use.language)) continue
    const asked = localeName(use.language)
    problems.push({
      kind: 'language',
      message: `${voicePhrase(use, voice)} for ${asked} text${where(use)}, but ${voice.displayName} speaks only ${andList(languages.map(localeName))}${model === null ? '' : ` with the ${modelName(model.name)} model`}. ${remedy(use, `a voice that speaks ${asked}`)}`,
      ...facts(use),
    })
  }
  return problems
}
