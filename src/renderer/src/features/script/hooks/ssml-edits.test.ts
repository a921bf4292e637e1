import { describe, expect, it } from 'vitest'
import { insertBreak, wrapSelection } from './ssml-edits'

describe('SSML edits', () => {
  it('turns a plain block into escaped SSML when a break is inserted, keeping the caret place', () => {
    const edit = insertBreak({ text: 'Tom & Jerry <3 cheese', ssml: false }, 11, 750)
    expect(edit.text).toBe('Tom &amp; Jerry<break time="750ms"/> &lt;3 cheese')
    expect(edit.ssml).toBe(true)
    expect(edit.text.slice(0, edit.caret)).toBe('Tom &amp; Jerry<break time="750ms"/>')
  })

  it('wraps a selection in emphasis and refuses an empty selection', () => {
    const edit = wrapSelection(
      { text: 'Say it loud.', ssml: false },
      4,
      6,
      '<emphasis level="strong">',
      '</emphasis>',
    )
    expect(edit?.text).toBe('Say <emphasis level="strong">it</emphasis> loud.')
    expect(wrapSelection({ text: 'x', ssml: false }, 1, 1, '<a>', '</a>')).toBeNull()
  })
})
