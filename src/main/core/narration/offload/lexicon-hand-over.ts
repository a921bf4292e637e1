import type { LexiconEntry } from '../../../../shared/domain/script'
import type { PlanTask } from './plan-tasks'

/**
 * A task's lexicon as it crosses to the planning thread: its id, and its entries only the first
 * time the thread meets it. Why: copying a 10,000-entry lexicon with every task (each batch of a
 * block check, each estimate and preview) cost main more than the planning it handed away.
 */
export interface LexiconHandOver {
  id: number
  entries?: LexiconEntry[]
}

/** Lexicons the thread keeps; main assumes it keeps half as many, so it never assumes wrong. */
const KEPT_BY_THREAD = 8
const ASSUMED_BY_MAIN = KEPT_BY_THREAD / 2

type ProjectTask = Extract<PlanTask, { project: unknown }>

function hasProject(task: PlanTask): task is ProjectTask {
  return 'project' in task
}

const ids = new WeakMap<readonly LexiconEntry[], number>()
let nextId = 1

/**
 * Main's side: names each lexicon array (a project's lexicon is replaced on a change, never
 * mutated) and sends its entries only to a thread that has not had them yet.
 */
export class LexiconSender {
  #sent: number[] = []

  /** The task to post, without its lexicon's entries when the thread already holds them. */
  prepare(task: PlanTask): { task: PlanTask; lexicon?: LexiconHandOver } {
    if (!hasProject(task) || task.project.lexicon.length === 0) return { task }
    const entries = task.project.lexicon
    let id = ids.get(entries)
    if (id === undefined) {
      id = nextId++
      ids.set(entries, id)
    }
    const held = this.#sent.includes(id)
    this.#sent = [...this.#sent.filter((known) => known !== id), id].slice(-ASSUMED_BY_MAIN)
    const project = { ...task.project, lexicon: [] }
    return { task: { ...task, project }, lexicon: held ? { id } : { id, entries: [...entries] } }
  }

  /** A new thread holds nothing. */
  forget(): void {
    this.#sent = []
  }
}

/** The thread's side: keeps the lexicons it was sent and puts them back into the tasks. */
export class LexiconReceiver {
  readonly #held = new Map<number, LexiconEntry[]>()

  /** The task as main had it, its lexicon restored (the same array for the same id). */
  restore(task: PlanTask, lexicon: LexiconHandOver | undefined): PlanTask {
    if (lexicon === undefined || !hasProject(task)) return task
    const entries = lexicon.entries ?? this.#held.get(lexicon.id)
    if (entries === undefined) throw new Error(`the planning thread lost lexicon ${lexicon.id}`)
    this.#held.delete(lexicon.id)
    this.#held.set(lexicon.id, entries)
    for (const [oldest] of this.#held) {
      if (this.#held.size <= KEPT_BY_THREAD) break
      this.#held.delete(oldest)
    }
    return { ...task, project: { ...task.project, lexicon: entries } }
  }
}
