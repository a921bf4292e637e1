import { describe, expect, it } from 'vitest'
import { endReasonLabel, formatOffset, humanizeCode, transportLabel } from './conversation-format'

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
