import { AppError } from '../../shared/errors'
import type { ConversationEvaluation, ConversationMessage } from '../../shared/domain/conversation'

/** Where the CLI writes: stdout for results, stderr for errors and logs. */
export interface CliIo {
  out(text: string): void
  err(text: string): void
}

/** One JSON document on stdout. */
export function printJson(io: CliIo, value: unknown): void {
  io.out(`${JSON.stringify(value, null, 2)}\n`)
}

/** A usage error (exit 2) with the message shown as is. */
export function usage(message: string): AppError {
  return new AppError('VALIDATION_FAILED', `${message} Run "voicedesk --help" for usage.`)
}

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + ' '.repeat(width - text.length)
}

function clock(iso: string | null): string {
  if (iso === null) return '--:--:--'
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? iso : d.toISOString().slice(11, 19)
}

/** One transcript turn as a readable line (tool calls show their name, arguments and result). */
export function messageLine(m: ConversationMessage): string {
  const who = m.role === 'assistant' ? 'agent' : m.role === 'user' ? 'caller' : m.role
  if (m.role === 'tool') {
    const args = m.toolArgs === null ? '' : JSON.stringify(m.toolArgs)
    const result = m.toolResult === null ? '' : ` -> ${JSON.stringify(m.toolResult)}`
    return `[${clock(m.startedAt)}] tool    ${m.toolName ?? '?'}(${args})${result}`
  }
  return `[${clock(m.startedAt)}] ${pad(who, 7)} ${m.content}`
}

/** One evaluation row as a readable line. */
export function evaluationLine(e: ConversationEvaluation): string {
  if (e.kind === 'criterion') {
    return `  ${e.passed === true ? 'PASS' : e.passed === false ? 'FAIL' : (e.status ?? '?').toUpperCase()}  ${e.name ?? e.criterionId ?? e.id}${e.rationale ? `: ${e.rationale}` : ''}`
  }
  if (e.kind === 'data') return `  data  ${JSON.stringify(e.data ?? {})}`
  return `  ${e.kind}  ${e.rationale ?? e.name ?? ''}`
}
