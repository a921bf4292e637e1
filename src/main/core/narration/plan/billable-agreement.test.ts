import { describe, expect, it } from 'vitest'
import { billableCharacters } from '../../../../shared/domain/billable'
import { compileLexicon } from '../../../../shared/domain/lexicon'
import type { LexiconEntry } from '../../../../shared/domain/script'
import { createProject } from '../../../../shared/domain/script'
import { planRender } from './render-plan'

const LEXICON: LexiconEntry[] = [
  { term: 'VoiceDesk', alias: 'voice desk', matchCase: false },
  { term: 'SQL', alias: 'sequel', matchCase: true },
  { term: 'New York City', alias: 'the big apple', matchCase: false },
]

// SSML as the service documents it: lowercase element and attribute names, either quote style.
const BLOCKS: { text: string; ssml?: boolean }[] = [
  { text: 'Plain words, nothing else.' },
  { text: '  Leading and trailing space.  ' },
  { text: 'VoiceDesk reads SQL and sql in New York City, and voicedesk too.' },
  { text: 'Emoji 😀 and accents: café, naïve.' },
  { text: 'A <break time="500ms"/> pause and <emphasis>stress</emphasis>.', ssml: true },
  { text: 'Say <sub alias="World Wide Web">WWW</sub> to VoiceDesk.', ssml: true },
  { text: 'Fish &amp; chips &lt;3 in New York City.', ssml: true },
  { text: '<prosody rate="slow">SQL is slow</prosody> here.', ssml: true },
  { text: "Say <sub alias='World Wide Web'>WWW</sub> now.", ssml: true },
  { text: '  <break time="1s"/>  SQL  ', ssml: true },
  { text: 'Tab\tand\nnewline <emphasis> VoiceDesk </emphasis>', ssml: true },
]

describe('billable characters: the editor and the render plan agree', () => {
  for (const withLexicon of [false, true]) {
    it(`for plain and SSML blocks ${withLexicon ? 'with' : 'without'} a lexicon`, () => {
      const lexicon = withLexicon ? LEXICON : []
      for (const [i, block] of BLOCKS.entries()) {
        const project = createProject({
          blocks: [{ id: `b${i}`, text: block.text, ssml: block.ssml ?? false }],
          defaults: { voiceId: 'george' },
          lexicon,
        })
        const planned = planRender(project).pieces.reduce((n, p) => n + p.billableCharacters, 0)
        const shown = billableCharacters(
          { text: block.text, ssml: block.ssml ?? false },
          lexicon.length > 0 ? compileLexicon(lexicon) : null,
        )
        expect(shown, block.text).toBe(planned)
      }
    })
  }
})
