import type { VoiceGender } from '../../../../../shared/domain/voice'
import type { SampleCheck } from '../../../lib/audio/sample-analysis'
import { worstSeverity } from '../../../lib/audio/sample-analysis'
import type { CreateVoiceInput } from '../api/voices-queries'

/** What the user typed and chose in the "new personal voice" dialog, the sample aside. */
export interface VoiceDraft {
  name: string
  gender: VoiceGender
  /** '' lets the service detect the language. */
  locale: string
  /** Consent: the full name and email of the person whose voice it is, and their agreement. */
  fullName: string
  email: string
  confirmed: boolean
  /** Set by the first attempt to create: problems are shown from then on, not while typing. */
  touched: boolean
}

export const EMPTY_DRAFT: VoiceDraft = {
  name: '',
  gender: 'not_specified',
  locale: '',
  fullName: '',
  email: '',
  confirmed: false,
  touched: false,
}

export type DraftAction =
  | { type: 'edit'; change: Partial<Omit<VoiceDraft, 'touched'>> }
  | { type: 'submitted' }
  | { type: 'reset' }

export function draftReducer(draft: VoiceDraft, action: DraftAction): VoiceDraft {
  switch (action.type) {
    case 'edit':
      return { ...draft, ...action.change }
    case 'submitted':
      return draft.touched ? draft : { ...draft, touched: true }
    case 'reset':
      return EMPTY_DRAFT
  }
}

/** The fields a problem can be shown under. */
export type DraftField = 'name' | 'sample' | 'fullName' | 'email' | 'confirmed'

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/**
 * What still stops the voice from being created, by field, in words the user can act on. The
 * sample is `null` until one is chosen; its check is `null` while it is being measured.
 */
export function draftProblems(
  draft: VoiceDraft,
  sample: { check: SampleCheck | null } | null,
): Partial<Record<DraftField, string>> {
  const problems: Partial<Record<DraftField, string>> = {}
  const name = draft.name.trim()
  if (name === '') problems.name = 'Give the voice a name.'
  else if (name.length > 100) problems.name = 'At most 100 characters.'
  if (sample === null) problems.sample = 'Choose, drop or record a sample.'
  else if (sample.check === null) problems.sample = 'The sample is still being checked.'
  else if (worstSeverity(sample.check.findings) === 'error')
    problems.sample = 'Fix the problems found in the sample first.'
  if (draft.fullName.trim() === '')
    problems.fullName = 'Enter the full name of the person speaking.'
  if (!EMAIL_PATTERN.test(draft.email.trim())) problems.email = 'Enter a valid email address.'
  if (!draft.confirmed) problems.confirmed = 'Confirm that you have this person’s consent.'
  return problems
}

/** Each field that still stops the voice, as the short words a list of them uses. */
const MISSING_WORDS: Record<DraftField, (problem: string, draft: VoiceDraft) => string> = {
  name: (problem) => (problem.startsWith('At most') ? 'a shorter name' : 'a name'),
  sample: (problem) =>
    problem.startsWith('Choose')
      ? 'a sample'
      : problem.includes('being checked')
        ? 'the sample’s check'
        : 'a usable sample',
  fullName: () => 'the speaker’s full name',
  email: (_problem, draft) => (draft.email.trim() === '' ? 'their email' : 'a valid email'),
  confirmed: () => 'their consent',
}

/**
 * What still stops the voice from being created, in one line beside the disabled Create button:
 * "Still needed: a name, a sample and their consent." Null when nothing does.
 */
export function missingSummary(
  draft: VoiceDraft,
  problems: Partial<Record<DraftField, string>>,
): string | null {
  const fields: DraftField[] = ['name', 'sample', 'fullName', 'email', 'confirmed']
  const words = fields.flatMap((field) => {
    const problem = problems[field]
    return problem === undefined ? [] : [MISSING_WORDS[field](problem, draft)]
  })
  if (words.length === 0) return null
  const list =
    words.length === 1 ? words[0] : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`
  return `Still needed: ${list}.`
}

/** The request for main, trimmed, from a draft without problems and a staged sample's id. */
export function createVoiceInput(draft: VoiceDraft, sampleId: string): CreateVoiceInput {
  return {
    name: draft.name.trim(),
    gender: draft.gender,
    ...(draft.locale === '' ? {} : { locale: draft.locale }),
    sampleId,
    consent: { fullName: draft.fullName.trim(), email: draft.email.trim(), confirmed: true },
  }
}
