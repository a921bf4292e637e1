import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Save, Trash2 } from 'lucide-react'
import { useId, useState } from 'react'
import type { ReactElement } from 'react'
import type { CleanupSettings } from '../../../../../shared/domain/cleanup-rules'
import { MAX_RULE_SET_NAME, ruleSetNameSchema } from '../../../../../shared/domain/cleanup-rules'
import { ErrorNotice } from '../../../components/error-notice'
import { IconButton } from '../../../components/ui/icon-button'
import {
  cleanupRuleSet,
  cleanupRuleSetNames,
  deleteCleanupRuleSet,
  saveCleanupRuleSet,
} from '../api/cleanup-api'

const SETS_KEY = ['script', 'cleanupRuleSets'] as const

/** The saved sets to choose from, and Delete for the one chosen. */
function UseSetRow(props: {
  list: readonly string[]
  chosen: string
  onChoose: (name: string) => void
  onDelete: () => void
}): ReactElement {
  const { list, chosen } = props
  const selectId = useId()
  return (
    <div className="cleanup__set-row">
      <label htmlFor={selectId} className="cleanup__set-label">
        Use a set
      </label>
      <select
        id={selectId}
        className="input"
        value={chosen}
        disabled={list.length === 0}
        onChange={(event) => props.onChoose(event.target.value)}
      >
        <option value="">{list.length === 0 ? 'No saved sets yet' : 'Choose a set…'}</option>
        {list.map((set) => (
          <option key={set} value={set}>
            {set}
          </option>
        ))}
      </select>
      <IconButton
        label={chosen === '' ? 'Delete a set (choose one first)' : `Delete the set “${chosen}”`}
        icon={Trash2}
        disabled={chosen === ''}
        onClick={props.onDelete}
      />
    </div>
  )
}

/** A name for the rules and Save; a name that cannot be used says why under the field. */
function SaveSetRow(props: { onSave: (name: string) => Promise<boolean> }): ReactElement {
  const [name, setName] = useState('')
  const nameId = useId()
  const problemId = useId()
  const trimmed = name.trim()
  const problem =
    trimmed === '' ? null : (ruleSetNameSchema.safeParse(trimmed).error?.issues[0]?.message ?? null)
  const save = (): void => {
    if (trimmed === '' || problem !== null) return
    void props.onSave(trimmed).then((saved) => {
      if (saved) setName('')
    })
  }
  return (
    <>
      <div className="cleanup__set-row">
        <label htmlFor={nameId} className="cleanup__set-label">
          Save these rules as
        </label>
        <input
          id={nameId}
          className="input"
          placeholder="A name, such as My novels"
          maxLength={MAX_RULE_SET_NAME}
          value={name}
          aria-invalid={problem !== null}
          aria-describedby={problem !== null ? problemId : undefined}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault()
              save()
            }
          }}
        />
        <button
          type="button"
          className="button"
          disabled={trimmed === '' || problem !== null}
          onClick={save}
        >
          <Save size={16} aria-hidden /> Save set
        </button>
      </div>
      {problem !== null && (
        <p id={problemId} className="field__error" role="alert">
          {problem}
        </p>
      )}
    </>
  )
}

/**
 * The user's named rule sets, shared by every project: choose one to load its rules into the
 * dialog (a set that cannot be used says why and changes nothing), or save the rules as a set.
 */
export function CleanupRuleSets(props: {
  settings: CleanupSettings
  onLoad: (settings: CleanupSettings) => void
}): ReactElement {
  const queryClient = useQueryClient()
  const names = useQuery({ queryKey: SETS_KEY, queryFn: cleanupRuleSetNames, retry: false })
  const [chosen, setChosen] = useState('')
  const [error, setError] = useState<unknown>(null)
  const [saved, setSaved] = useState<string | null>(null)
  const refresh = (): Promise<void> => queryClient.invalidateQueries({ queryKey: SETS_KEY })

  const choose = (next: string): void => {
    setChosen(next)
    setSaved(null)
    setError(null)
    if (next === '') return
    cleanupRuleSet(next).then(props.onLoad, (failure: unknown) => {
      setChosen('')
      setError(failure)
    })
  }
  const save = (name: string): Promise<boolean> => {
    setError(null)
    return saveCleanupRuleSet(name, props.settings).then(
      () => {
        setSaved(name)
        setChosen(name)
        void refresh()
        return true
      },
      (failure: unknown) => {
        setError(failure)
        return false
      },
    )
  }
  const remove = (): void => {
    deleteCleanupRuleSet(chosen).then(
      () => {
        setChosen('')
        setSaved(null)
        void refresh()
      },
      (failure: unknown) => setError(failure),
    )
  }
  return (
    <fieldset className="box box--fields cleanup__group cleanup__sets" data-testid="cleanup-sets">
      <legend>Rule sets</legend>
      <UseSetRow list={names.data ?? []} chosen={chosen} onChoose={choose} onDelete={remove} />
      <SaveSetRow onSave={save} />
      {saved !== null && (
        <p className="field__hint" role="status">
          Saved as “{saved}”: every project can use it.
        </p>
      )}
      {error !== null && <ErrorNotice error={error} testId="cleanup-set-error" />}
    </fieldset>
  )
}
