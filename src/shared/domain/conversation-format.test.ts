import { describe, expect, it } from 'vitest'
import {
  collectedFields,
  dataValueText,
  endReasonLabel,
  formatOffset,
  humanizeCode,
  isStaleCall,
  statusLabel,
  transportLabel,
} from './conversation-format'

describe('humanizeCode', () => {
  it('puts snake, kebab, dotted and camel codes in words with one capital', () => {
    expect(humanizeCode('party_size')).toBe('Party size')
    expect(humanizeCode('booking-confirmed')).toBe('Booking confirmed')
    expect(humanizeCode('maxDurationReached')).toBe('Max duration reached')
    expect(humanizeCode('tone.polite')).toBe('Tone polite')
    expect(humanizeCode('  greeted_by_name ')).toBe('Greeted by name')
  })

  it('keeps acronyms and numbers', () => {
    expect(humanizeCode('asked_for_ID')).toBe('Asked for ID')
    expect(humanizeCode('sip_2xx')).toBe('Sip 2xx')
  })

  it('returns a code with no words as it is', () => {
    expect(humanizeCode('__')).toBe('__')
    expect(humanizeCode('')).toBe('')
  })
})

describe('endReasonLabel', () => {
  it('says the known reasons as sentences and puts unknown ones in words', () => {
    expect(endReasonLabel('caller_hangup')).toBe('The caller hung up')
    expect(endReasonLabel('dial_no_answer')).toBe('Nobody answered')
    expect(endReasonLabel('transfer_to_human')).toBe('Transfer to human')
    expect(endReasonLabel('inactivity_timeout')).toBe('The caller stopped responding')
  })
})

describe('transportLabel', () => {
  it('names the way the call came in', () => {
    expect(transportLabel('web')).toBe('Web call')
    expect(transportLabel('PSTN')).toBe('Phone call')
    expect(transportLabel('carrier_pigeon')).toBe('Carrier pigeon')
    expect(transportLabel(null)).toBe('—')
    expect(transportLabel(' ')).toBe('—')
  })
})

describe('formatOffset', () => {
  it('writes m:ss below an hour and h:mm:ss above', () => {
    expect(formatOffset(9_400)).toBe('0:09')
    expect(formatOffset(3_725_000)).toBe('1:02:05')
    expect(formatOffset(null)).toBe('')
  })
})

describe('statusLabel', () => {
  it('says each status in sentence-case words, never the raw value', () => {
    expect(['pending', 'active', 'completed', 'failed'].map(statusLabel)).toEqual([
      'Waiting',
      'Live',
      'Completed',
      'Failed',
    ])
    expect(statusLabel('in_review')).toBe('In review')
  })
})

describe('dataValueText', () => {
  it('reads what the service collected as words, not code', () => {
    expect(dataValueText(false)).toBe('no')
    expect(dataValueText(true)).toBe('yes')
    expect(dataValueText(null)).toBe('not given')
    expect(dataValueText(4, 'en-US')).toBe('4')
    expect(dataValueText(12500, 'en-US')).toBe('12,500')
    expect(dataValueText('19:30')).toBe('19:30')
    expect(dataValueText(['fish', 'wine'])).toBe('fish, wine')
    expect(dataValueText({ first_name: 'Ana', vip: true })).toBe('First name: Ana; Vip: yes')
    // A code-shaped value is put in words; a sentence or a name is kept as given.
    expect(dataValueText('issue_resolved')).toBe('Issue resolved')
    expect(dataValueText('Jordan Lee')).toBe('Jordan Lee')
    expect(dataValueText('bk_2291')).toBe('bk_2291')
  })
})

describe('collectedFields', () => {
  it('lists a field the call never gave as "not given", in the order the service sent', () => {
    const fields = collectedFields(
      { intent: 'book', party_size: null, time: undefined, booked: false },
      'en-US',
    )
    expect(fields.map((f) => `${f.label}: ${f.text}`)).toEqual([
      'Intent: book',
      'Party size: not given',
      'Time: not given',
      'Booked: no',
    ])
    expect(fields.map((f) => f.given)).toEqual([true, false, false, true])
    expect(collectedFields(null)).toEqual([])
  })
})

describe('isStaleCall', () => {
  const now = Date.parse('2026-11-27T12:00:00Z')
  const call = (status: string, startedAt: string | null) => ({
    status,
    startedAt,
    createdAt: startedAt ?? '2026-11-27T11:59:00Z',
  })

  it('marks a call listed as live or waiting whose last change is hours old', () => {
    expect(isStaleCall(call('active', '2026-07-20T10:00:02Z'), now)).toBe(true)
    expect(isStaleCall(call('pending', null), now - 0)).toBe(false)
    expect(isStaleCall({ ...call('pending', null), createdAt: '2026-11-27T08:00:00Z' }, now)).toBe(
      true,
    )
  })

  it('leaves a call that is going on, or has ended, as it is', () => {
    expect(isStaleCall(call('active', '2026-11-27T11:40:00Z'), now)).toBe(false)
    expect(isStaleCall(call('completed', '2026-07-20T10:00:02Z'), now)).toBe(false)
    // A long call that still speaks: its last turn is what counts, not its start.
    expect(isStaleCall(call('active', '2026-11-27T08:00:00Z'), now, '2026-11-27T11:58:00Z')).toBe(
      false,
    )
  })
})
