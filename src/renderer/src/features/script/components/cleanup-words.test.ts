import { describe, expect, it } from 'vitest'
import { applyLabel } from './cleanup-words'

describe('the Clean Up dialogs’ main button', () => {
  it('says what it will do, and while a rule cannot run, what blocks it instead of the changes', () => {
    expect(applyLabel({ verb: 'Apply', broken: null, total: 5, otherwise: 'Apply' })).toBe(
      'Apply 5 changes',
    )
    expect(applyLabel({ verb: 'Apply', broken: null, total: 1, otherwise: 'Apply' })).toBe(
      'Apply 1 change',
    )
    expect(
      applyLabel({ verb: 'Apply', broken: null, total: 0, otherwise: 'Keep these rules' }),
    ).toBe('Keep these rules')
    // A broken rule stops every change: the button does not promise them.
    expect(applyLabel({ verb: 'Apply', broken: 0, total: 5, otherwise: 'Apply' })).toBe(
      'Fix rule 1 to apply',
    )
    expect(applyLabel({ verb: 'Open with', broken: 2, total: 3, otherwise: 'Open' })).toBe(
      'Fix rule 3 to open',
    )
    expect(applyLabel({ verb: 'Open with', broken: null, total: 3, otherwise: 'Open' })).toBe(
      'Open with 3 changes',
    )
  })
})
