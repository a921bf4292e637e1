import { describe, expect, it } from 'vitest'
import type { SampleCheck } from '../../../lib/audio/sample-analysis'
import type { VoiceDraft } from './voice-draft'
import {
  createVoiceInput,
  draftProblems,
  draftReducer,
  EMPTY_DRAFT,
  missingSummary,
} from './voice-draft'

const checked: SampleCheck = {
  measures: null,
  findings: [{ id: 'duration', severity: 'warning', title: 'Short', detail: '8 s' }],
}
const broken: SampleCheck = {
  measures: null,
  findings: [{ id: 'decode', severity: 'error', title: 'Not audio', detail: '' }],
}

const complete: VoiceDraft = {
  ...EMPTY_DRAFT,
  name: '  Narrator  ',
  fullName: ' Ada Lovelace ',
  email: ' ada@example.org ',
  confirmed: true,
}

describe('the new personal voice draft', () => {
  it('asks for everything on an empty form, in words the user can act on', () => {
    expect(draftProblems(EMPTY_DRAFT, null)).toEqual({
      name: 'Give the voice a name.',
      sample: 'Choose, drop or record a sample.',
      fullName: 'Enter the full name of the person speaking.',
      email: 'Enter a valid email address.',
      confirmed: 'Confirm that you have this person’s consent.',
    })
  })

  it('has no problems once filled in with a checked sample (warnings do not block)', () => {
    expect(draftProblems(complete, { check: checked })).toEqual({})
  })

  it.each([
    ['a blank name', { name: '   ' }, { check: checked }, 'name', 'Give the voice a name.'],
    [
      'a name over 100',
      { name: 'x'.repeat(101) },
      { check: checked },
      'name',
      'At most 100 characters.',
    ],
    ['a sample being checked', {}, { check: null }, 'sample', 'The sample is still being checked.'],
    [
      'a sample with errors',
      {},
      { check: broken },
      'sample',
      'Fix the problems found in the sample first.',
    ],
    [
      'an email without a domain',
      { email: 'ada@' },
      { check: checked },
      'email',
      'Enter a valid email address.',
    ],
    [
      'no agreement',
      { confirmed: false },
      { check: checked },
      'confirmed',
      'Confirm that you have this person’s consent.',
    ],
  ] as const)('names %s', (_case, change, sample, field, message) => {
    expect(draftProblems({ ...complete, ...change }, sample)).toEqual({ [field]: message })
  })

  it('sends trimmed fields, and no locale when the service is to detect it', () => {
    expect(createVoiceInput(complete, 'sample-1')).toEqual({
      name: 'Narrator',
      gender: 'not_specified',
      sampleId: 'sample-1',
      consent: { fullName: 'Ada Lovelace', email: 'ada@example.org', confirmed: true },
    })
    expect(createVoiceInput({ ...complete, locale: 'fr-FR' }, 'sample-1').locale).toBe('fr-FR')
  })

  it('shows problems only after a first attempt, and starts over on reset', () => {
    const edited = draftReducer(EMPTY_DRAFT, { type: 'edit', change: { name: 'Narrator' } })
    expect(edited).toEqual({ ...EMPTY_DRAFT, name: 'Narrator', touched: false })
    const submitted = draftReducer(edited, { type: 'submitted' })
    expect(submitted.touched).toBe(true)
    expect(draftReducer(submitted, { type: 'edit', change: { email: 'a@b.c' } }).touched).toBe(true)
    expect(draftReducer(submitted, { type: 'reset' })).toEqual(EMPTY_DRAFT)
  })
})

describe('what still stops the voice, in one line', () => {
  it('names every missing field on an empty form', () => {
    expect(missingSummary(EMPTY_DRAFT, draftProblems(EMPTY_DRAFT, null))).toBe(
      'Still needed: a name, a sample, the speaker’s full name, their email and their consent.',
    )
  })

  it('names only what is left, and says why a field that is filled in still stops it', () => {
    const draft = { ...complete, email: 'ada@', confirmed: false }
    expect(missingSummary(draft, draftProblems(draft, { check: null }))).toBe(
      'Still needed: the sample’s check, a valid email and their consent.',
    )
    expect(missingSummary(complete, draftProblems(complete, { check: broken }))).toBe(
      'Still needed: a usable sample.',
    )
  })

  it('is null once the form is ready', () => {
    expect(missingSummary(complete, draftProblems(complete, { check: checked }))).toBeNull()
  })
})
