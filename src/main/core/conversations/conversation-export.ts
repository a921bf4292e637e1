import type {
  Conversation,
  ConversationEvaluation,
  ConversationMessage,
} from '../../../shared/domain/conversation'
import type { RawConversationRecords } from './raw-records'

/** "m:ss" or "h:mm:ss" from a millisecond offset; "" when unknown. */
export function formatOffset(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return ''
  const total = Math.max(0, Math.floor(ms / 1000))
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = total % 60
  const ss = String(s).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`
}

/** Milliseconds from the conversation's start to the turn's start, or null when either is unknown. */
export function turnOffsetMs(
  conversation: Conversation,
  message: ConversationMessage,
): number | null {
  const start = Date.parse(conversation.startedAt ?? conversation.createdAt ?? '')
  const at = Date.parse(message.startedAt ?? '')
  if (Number.isNaN(start) || Number.isNaN(at)) return null
  return Math.max(0, at - start)
}

const ROLE_NAMES: Record<string, string> = {
  user: 'Caller',
  assistant: 'Agent',
  tool: 'Tool',
  system: 'System',
  operator: 'Operator',
}

/** The speaker's name as the transcript shows it; unknown roles keep their raw name. */
export function roleName(role: string): string {
  return ROLE_NAMES[role] ?? role
}

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
