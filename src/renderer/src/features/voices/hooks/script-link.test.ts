import { describe, expect, it } from 'vitest'
import type { ScriptLink } from './script-link'
import { scriptUseOf } from './script-link'

function link(defaultVoiceId: string | null, spoken: string[]): ScriptLink {
  return {
    defaultVoiceId,
    spokenVoiceIds: new Set(spoken),
    setDefaultVoice: () => undefined,
    setBlockVoice: () => null,
  }
}

describe('how the open script uses a voice, for the delete warning', () => {
  it('tells its default voice from a voice its blocks speak in', () => {
    const script = link('olivia', ['emma'])
    expect(scriptUseOf(script, 'olivia')).toEqual({ asDefault: true, inBlocks: false })
    expect(scriptUseOf(script, 'emma')).toEqual({ asDefault: false, inBlocks: true })
    expect(scriptUseOf(link('emma', ['emma']), 'emma')).toEqual({ asDefault: true, inBlocks: true })
  })

  it('is nothing for a voice the script does not use, or when no script is open', () => {
    expect(scriptUseOf(link('olivia', ['emma']), 'george')).toBeNull()
    expect(scriptUseOf(null, 'olivia')).toBeNull()
  })
})
