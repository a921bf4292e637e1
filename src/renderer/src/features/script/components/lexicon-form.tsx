import { useState } from 'react'
import type { ReactElement } from 'react'
import type { LexiconSource } from '../../../../../shared/domain/lexicon-layers'
import type { LexiconEntry } from '../../../../../shared/domain/script'
import { NamedInput, OptionCheckbox, SmallButton } from './compact-controls'

/**
 * A new pronunciation: the word, how it is said, whether case counts, and which list keeps it
 * (this project, or all projects); auditioned before adding.
 */
export function LexiconForm(props: {
  onAdd: (entry: LexiconEntry, to: LexiconSource) => void
  onAudition: (term: string, alias: string) => void
}): ReactElement {
  const [term, setTerm] = useState('')
  const [alias, setAlias] = useState('')
  const [matchCase, setMatchCase] = useState(false)
  const [to, setTo] = useState<LexiconSource>('project')
  const incomplete = term.trim() === '' || alias.trim() === ''
  return (
    <form
      className="stack side-panel__form"
      onSubmit={(event) => {
        event.preventDefault()
        if (incomplete) return
        props.onAdd({ term: term.trim(), alias: alias.trim(), matchCase }, to)
        setTerm('')
        setAlias('')
      }}
    >
      <NamedInput label="Word" placeholder="Word (e.g. SQL)" value={term} onChange={setTerm} />
      <NamedInput
        label="Spoken as"
        placeholder="Spoken as (e.g. sequel)"
        value={alias}
        onChange={setAlias}
      />
      <div className="row row--spread lexicon-form__options">
        <OptionCheckbox label="Match case" checked={matchCase} onChange={setMatchCase} />
        <label className="lexicon-form__to">
          <span>Keep in</span>
          <select
            className="input"
            value={to}
            onChange={(e) => setTo(e.target.value === 'user' ? 'user' : 'project')}
          >
            <option value="project">This project</option>
            <option value="user">All my projects</option>
          </select>
        </label>
      </div>
      <div className="button-row">
        <button type="submit" className="button button--small button--primary">
          Add
        </button>
        <SmallButton
          disabled={incomplete}
          onClick={() => props.onAudition(term.trim(), alias.trim())}
        >
          Audition
        </SmallButton>
      </div>
    </form>
  )
}
