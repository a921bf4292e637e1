import type { AppErrorData } from '../errors'
import type { Conversation, ConversationEvaluation } from './conversation'
import { humanizeCode } from './conversation-format'

/** Most conversations one batch export takes. */
export const MAX_BATCH_EXPORT = 20_000

/** How one criterion of a conversation came out. */
export type CriterionResult = 'passed' | 'failed' | 'unknown'

/** A conversation's evaluations reduced to what the inbox shows and filters on. */
export interface EvaluationSummary {
  /** Criteria that passed. */
  passed: number
  /** Criteria evaluated (passed, failed or unknown). */
  total: number
  criteria: { id: string; name: string; result: CriterionResult }[]
  /** The overall summary's text (the `summary` row's rationale), or null when there is none. */
  summary: string | null
}

/**
 * The one tone of a call's result, in the list and in the detail alike: red when a criterion
 * failed, green when all passed, amber when some are unclear and none failed.
 */
export function verdictTone(results: readonly CriterionResult[]): 'ok' | 'warning' | 'danger' {
  if (results.includes('failed')) return 'danger'
  return results.every((result) => result === 'passed') ? 'ok' : 'warning'
}

function resultOf(evaluation: ConversationEvaluation): CriterionResult {
  if (evaluation.passed === true || evaluation.status === 'success') return 'passed'
  if (evaluation.passed === false || evaluation.status === 'failure') return 'failed'
  return 'unknown'
}

/** Counts the criteria that passed and keeps the summary text; other kinds are left out. */
export function summarizeEvaluations(evaluations: ConversationEvaluation[]): EvaluationSummary {
  const criteria = evaluations
    .filter((e) => e.kind === 'criterion')
    .map((e) => ({
      id: e.criterionId ?? e.id,
      name:
        e.name !== null && e.name.trim() !== ''
          ? e.name
          : e.criterionId === null
            ? 'Unnamed criterion'
            : humanizeCode(e.criterionId),
      result: resultOf(e),
    }))
  const summary = evaluations.find((e) => e.kind === 'summary')?.rationale ?? null
  return {
    passed: criteria.filter((c) => c.result === 'passed').length,
    total: criteria.length,
    criteria,
    summary,
  }
}

/** Filters of the inbox that the service applies (the list's query). Times are RFC 3339. */
export interface InboxServerFilters {
  agentId?: string
  status?: string
  startedAfter?: string
  startedBefore?: string
}

/** Batch export progress: conversations written so far of the selection. */
export interface BatchExportProgress {
  jobId: string
  done: number
  total: number
  /** True while main is still finding the calls a filter matches (`total` counts those so far). */
  listing?: boolean
}

/** What a finished batch export wrote. */
export interface BatchExportResult {
  conversations: number
  csvPath: string
  jsonlPath: string
  /** Bytes of both files together. */
  bytes: number
  /** Conversations the service no longer has, left out of both files, with the reason in words. */
  skipped: { id: string; reason: string }[]
}

/** How a batch export ended: its files, or the error (CANCELLED when the user stopped it). */
export type BatchExportEnded =
  | { jobId: string; ok: true; result: BatchExportResult }
  | { jobId: string; ok: false; error: AppErrorData }

/**
 * What the inbox poller tells the window: a live conversation changed (or finished), a finished
 * one's evaluations were read, the deployment turned out not to list conversations, or a poll
 * failed (polling goes on after a pause).
 */
export type InboxUpdate =
  | { kind: 'changed'; conversation: Conversation }
  | { kind: 'evaluations'; id: string; summary: EvaluationSummary }
  | { kind: 'notServed' }
  | { kind: 'error'; error: AppErrorData }
