import { ArrowRightLeft, Play, Trash2 } from 'lucide-react'
import { useState } from 'react'
import type { ReactElement } from 'react'
import type { LexiconSource } from '../../../../../shared/domain/lexicon-layers'
import { lexiconKey, mergeLexicons } from '../../../../../shared/domain/lexicon-layers'
import type { LexiconEntry } from '../../../../../shared/domain/script'
import { MAX_LEXICON_ENTRIES } from '../../../../../shared/domain/script'
import { AppError } from '../../../../../shared/errors'
import { ErrorNotice } from '../../../components/error-notice'
import { Notice } from '../../../components/notice'
import { IconButton } from '../../../components/ui/icon-button'
import type { ScriptAudio } from '../hooks/use-script-audio'
import {
  exportLexicon,
  useImportLexicon,
  useSaveUserLexicon,
  useUserLexicon,
} from '../api/lexicon-api'
import { useEditorUiStore } from '../stores/editor-ui-store'
import { useScriptDocumentStore } from '../stores/script-document-store'
import { SmallButton } from './compact-controls'
import { LexiconForm } from './lexicon-form'
import { exportSummary, importSummary } from './lexicon-words'
import './lexicon-panel.css'

/** The voice a pronunciation is auditioned in: the current block's, its speaker's, the default. */
function voiceForAudition(): string | undefined {
  const state = useScriptDocumentStore.getState()
  const caret = useEditorUiStore.getState().caret
  const block = caret ? state.blocks.get(caret.blockId) : undefined
  return (
    block?.voiceId ??
    (block?.speaker ? state.meta.cast[block.speaker] : undefined) ??
    state.meta.defaults.voiceId
  )
}

const setProjectLexicon = (lexicon: LexiconEntry[]): void =>
  useScriptDocumentStore.getState().updateMeta({ lexicon })

const WHERE: Record<LexiconSource, string> = {
  project: 'this project',
  user: 'all my projects',
}

function withinLimit(entries: LexiconEntry[]): LexiconEntry[] {
  if (entries.length <= MAX_LEXICON_ENTRIES) return entries
  throw new AppError(
    'VALIDATION_FAILED',
    `A list holds at most ${MAX_LEXICON_ENTRIES.toLocaleString()} pronunciations, so nothing was added. Remove some words first.`,
  )
}

/** One list of pronunciations (this project's, or all projects'), with its file actions. */
function LexiconSection(props: {
  source: LexiconSource
  entries: readonly LexiconEntry[]
  /** Words the other list also has: the project's replace the shared ones. */
  shadowed: ReadonlySet<string>
  empty: string
  onImport: () => void
  onExport: () => void
  onAudition: (entry: LexiconEntry) => void
  onMove: (entry: LexiconEntry) => void
  onRemove: (entry: LexiconEntry) => void
}): ReactElement {
  const title = props.source === 'project' ? 'This project' : 'All my projects'
  const otherList = props.source === 'project' ? 'all my projects' : 'this project only'
  return (
    <section
      className="stack lexicon-section"
      aria-label={title}
      data-testid={`lexicon-${props.source}`}
    >
      <div className="row row--spread lexicon-section__head">
        <h3 className="lexicon-section__title">
          {title} <span className="lexicon-section__count">{props.entries.length}</span>
        </h3>
        <span className="button-row">
          <SmallButton label={`Import into ${title.toLowerCase()}`} onClick={props.onImport}>
            Import…
          </SmallButton>
          <SmallButton
            label={`Export ${title.toLowerCase()}`}
            disabled={props.entries.length === 0}
            onClick={props.onExport}
          >
            Export…
          </SmallButton>
        </span>
      </div>
      {props.entries.length === 0 && <p className="field__hint">{props.empty}</p>}
      <ul className="stack side-panel__list">
        {props.entries.map((entry) => {
          const replaced = props.source === 'user' && props.shadowed.has(lexiconKey(entry.term))
          return (
            <li
              key={entry.term}
              className="row row--spread side-panel__row lexicon-row"
              data-source={props.source}
            >
              <span className="side-panel__name">
                {entry.term} → {entry.alias}
                {entry.matchCase ? ' (case)' : ''}
                {replaced && (
                  <span className="lexicon-row__note">This project says it differently</span>
                )}
              </span>
              <span className="button-row lexicon-row__actions">
                <IconButton
                  label="Audition"
                  hint={`Audition “${entry.term}” as it will be spoken`}
                  icon={Play}
                  onClick={() => props.onAudition(entry)}
                />
                <IconButton
                  label={`Move ${entry.term} to ${otherList}`}
                  icon={ArrowRightLeft}
                  onClick={() => props.onMove(entry)}
                />
                <IconButton
                  label={`Remove ${entry.term}`}
                  icon={Trash2}
                  onClick={() => props.onRemove(entry)}
                />
              </span>
            </li>
          )
        })}
      </ul>
    </section>
  )
}

/** What the panel does: add, move, remove, audition, import and export, with what happened. */
function useLexiconActions(audio: ScriptAudio, project: LexiconEntry[], user: LexiconEntry[]) {
  const saveUser = useSaveUserLexicon()
  const importFile = useImportLexicon()
  const [hint, setHint] = useState<string | null>(null)
  const [done, setDone] = useState<{ title: string; text: string } | null>(null)
  const [error, setError] = useState<unknown>(null)

  const run = (work: () => Promise<{ title: string; text: string } | null>): void => {
    setError(null)
    setDone(null)
    work().then(setDone, setError)
  }
  const audition = (term: string, alias: string): void => {
    const voiceId = voiceForAudition()
    if (voiceId === undefined) {
      setHint('Choose a default voice (or click into a block with a voice) to audition.')
      return
    }
    setHint(null)
    void audio.audition(voiceId, term, alias)
  }
  const without = (list: readonly LexiconEntry[], entry: LexiconEntry): LexiconEntry[] =>
    list.filter((e) => lexiconKey(e.term) !== lexiconKey(entry.term))
  const add = (entry: LexiconEntry, to: LexiconSource): void => {
    if (to === 'project') {
      run(() => {
        setProjectLexicon(withinLimit(mergeLexicons(project, [entry])))
        return Promise.resolve(null)
      })
    } else run(() => saveUser(withinLimit(mergeLexicons(user, [entry]))).then(() => null))
  }
  const move = (entry: LexiconEntry, from: LexiconSource): void =>
    run(async () => {
      if (from === 'project') {
        await saveUser(withinLimit(mergeLexicons(user, [entry])))
        setProjectLexicon(without(project, entry))
      } else {
        setProjectLexicon(withinLimit(mergeLexicons(project, [entry])))
        await saveUser(without(user, entry))
      }
      const to = WHERE[from === 'project' ? 'user' : 'project']
      return { title: `Moved “${entry.term}”`, text: `It is now in ${to}.` }
    })
  const importInto = (target: LexiconSource): void =>
    run(async () => {
      const result = await importFile(target)
      if (result === null) return null
      if (target === 'project')
        setProjectLexicon(withinLimit(mergeLexicons(project, result.entries)))
      return { title: `Imported “${result.fileName}”`, text: importSummary(result, WHERE[target]) }
    })
  const exportFrom = (source: LexiconSource): void =>
    run(async () => {
      const written = await exportLexicon(source)
      return written === null
        ? null
        : { title: 'Pronunciations exported', text: exportSummary(written) }
    })
  const sectionProps = (source: LexiconSource) => ({
    source,
    onImport: () => importInto(source),
    onExport: () => exportFrom(source),
    onAudition: (entry: LexiconEntry) => audition(entry.term, entry.alias),
    onMove: (entry: LexiconEntry) => move(entry, source),
    onRemove: (entry: LexiconEntry) =>
      source === 'project'
        ? setProjectLexicon(without(project, entry))
        : run(() => saveUser(without(user, entry)).then(() => null)),
  })
  return { hint, done, error, add, audition, sectionProps }
}

/**
 * Pronunciations: this project's words and the ones all projects share (the project's win for
 * the same word), each auditioned in the current block's voice, moved between the two lists,
 * imported from and exported to PLS or CSV files.
 */
export function LexiconPanel(props: { audio: ScriptAudio }): ReactElement {
  const project = useScriptDocumentStore((s) => s.meta.lexicon)
  const user = useUserLexicon().data ?? []
  const { hint, done, error, add, audition, sectionProps } = useLexiconActions(
    props.audio,
    project,
    user,
  )

  return (
    <section className="box side-panel" aria-labelledby="lexicon-title">
      <h2 id="lexicon-title">Pronunciations</h2>
      <p className="field__hint">
        How the voice says a word. A word in this project wins over the same word in all your
        projects.
      </p>
      <LexiconForm onAdd={add} onAudition={audition} />
      {hint !== null && <p className="field__hint">{hint}</p>}
      {done !== null && (
        <Notice tone="success" title={done.title} testId="lexicon-done">
          <p className="notice__text">{done.text}</p>
        </Notice>
      )}
      {error !== null && <ErrorNotice error={error} testId="lexicon-error" />}
      <LexiconSection
        {...sectionProps('project')}
        entries={project}
        shadowed={new Set()}
        empty="No words yet. Add one above, or import a PLS or CSV file."
      />
      <LexiconSection
        {...sectionProps('user')}
        entries={user}
        shadowed={new Set(project.map((e) => lexiconKey(e.term)))}
        empty="Words here are said the same way in every project. Move a word here, or import a file."
      />
    </section>
  )
}
