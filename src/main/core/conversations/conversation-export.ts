import type {
  Conversation,
  ConversationEvaluation,
  ConversationMessage,
} from '../../../shared/domain/conversation'
import { formatOffset, roleName, turnOffsetMs } from '../../../shared/domain/conversation-format'
import type { RawConversationRecords } from '../upstream/raw-conversation'

function json(value: unknown): string {
  return JSON.stringify(value ?? null, null, 2)
}

export interface ExportInput {
  conversation: Conversation
  messages: ConversationMessage[]
  evaluations: ConversationEvaluation[]
}

function headerLines(c: Conversation): [string, string][] {
  return [
    ['Status', c.status],
    ['Agent', c.agentId ?? '—'],
    ['Transport', c.transport ?? '—'],
    ['Started', c.startedAt ?? '—'],
    ['Ended', c.endedAt ?? '—'],
    ['Duration', c.durationMs === null ? '—' : formatOffset(c.durationMs)],
    ['End reason', c.endReason ?? '—'],
  ]
}

/** Markdown: a header table, the transcript (tool calls as JSON blocks), then the evaluations. */
export function conversationToMarkdown(input: ExportInput): string {
  const { conversation: c, messages, evaluations } = input
  const out: string[] = [`# Conversation ${c.id}`, '', '| Field | Value |', '| --- | --- |']
  for (const [k, v] of headerLines(c)) out.push(`| ${k} | ${v.replaceAll('|', '\\|')} |`)
  out.push('', '## Transcript', '')
  if (messages.length === 0) out.push('_No turns._', '')
  for (const m of messages) {
    const time = formatOffset(turnOffsetMs(c, m))
    if (m.role === 'tool') {
      out.push(`**[${time}] Tool call: ${m.toolName ?? 'unnamed'}**`, '')
      if (m.content.trim() !== '') out.push(m.content, '')
      out.push('Arguments:', '', '```json', json(m.toolArgs), '```', '')
      out.push('Result:', '', '```json', json(m.toolResult), '```', '')
    } else {
      out.push(`**[${time}] ${roleName(m.role)}:** ${m.content}`, '')
    }
  }
  out.push('## Evaluations', '')
  if (evaluations.length === 0) out.push('_No evaluations._', '')
  for (const e of evaluations) {
    if (e.kind === 'criterion') {
      out.push(
        `- **${e.name ?? e.criterionId ?? e.id}**: ${e.status ?? 'unknown'}${e.rationale ? ` — ${e.rationale}` : ''}`,
      )
    } else if (e.kind === 'summary') {
      out.push(`- **Summary** (${e.status ?? 'unknown'}): ${e.rationale ?? ''}`)
    } else if (e.kind === 'data') {
      out.push('- **Extracted data**:', '', '```json', json(e.data), '```')
    } else {
      out.push(`- **${e.kind}**: ${e.rationale ?? json(e.data)}`)
    }
  }
  return `${out.join('\n').trimEnd()}\n`
}

/** Plain text: the same content, readable in any editor. */
export function conversationToText(input: ExportInput): string {
  const { conversation: c, messages, evaluations } = input
  const out: string[] = [`Conversation ${c.id}`, '']
  for (const [k, v] of headerLines(c)) out.push(`${k}: ${v}`)
  out.push('', 'TRANSCRIPT', '')
  if (messages.length === 0) out.push('(no turns)')
  for (const m of messages) {
    const time = formatOffset(turnOffsetMs(c, m))
    if (m.role === 'tool') {
      out.push(`[${time}] Tool call ${m.toolName ?? 'unnamed'}`)
      out.push(`    arguments: ${JSON.stringify(m.toolArgs ?? null)}`)
      out.push(`    result: ${JSON.stringify(m.toolResult ?? null)}`)
    } else {
      out.push(`[${time}] ${roleName(m.role)}: ${m.content}`)
    }
  }
  out.push('', 'EVALUATIONS', '')
  if (evaluations.length === 0) out.push('(none)')
  for (const e of evaluations) {
    if (e.kind === 'criterion') {
      out.push(
        `${e.name ?? e.criterionId ?? e.id}: ${e.status ?? 'unknown'}${e.rationale ? ` (${e.rationale})` : ''}`,
      )
    } else if (e.kind === 'summary') {
      out.push(`Summary: ${e.rationale ?? ''}`)
    } else {
      out.push(
        `${e.kind === 'data' ? 'Extracted data' : e.kind}: ${JSON.stringify(e.data ?? e.rationale ?? null)}`,
      )
    }
  }
  return `${out.join('\n').trimEnd()}\n`
}

/** JSON: the records exactly as the service sent them, under the names it used. */
export function conversationToJson(raw: RawConversationRecords, exportedAt: Date): string {
  return `${JSON.stringify(
    {
      exported_at: exportedAt.toISOString(),
      conversation: raw.conversation,
      messages: raw.messages,
      evaluations: raw.evaluations,
    },
    null,
    2,
  )}\n`
}
