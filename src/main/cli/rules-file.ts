import type { z } from 'zod'
import type { CleanupRuleReport, CleanupSettings } from '../../shared/domain/cleanup-rules'
import { cleanupSettingsSchema } from '../../shared/domain/cleanup-rules'
import { AppError } from '../../shared/errors'
import { readInputFileAtMost } from './inputs'
import { formatCount } from '../../shared/limits'

/** The largest rules file read: 200 rules of 2,000 characters fit well inside it. */
const RULES_FILE_MAX_BYTES = 1024 * 1024

/**
 * The clean-up settings in the JSON file `--rules` names (see docs/cleanup-rules.md): refused
 * with a message naming the file and the entry when it is too large, not JSON, or a rule does not
 * fit (a pattern that cannot compile, too many rules). Built-in rules it leaves out are on.
 */
export async function rulesFromFile(path: string): Promise<CleanupSettings> {
  const { text, more } = await readInputFileAtMost(path, 'rules file', RULES_FILE_MAX_BYTES)
  if (more) {
    throw new AppError(
      'VALIDATION_FAILED',
      `The rules file ${path} is larger than 1 MB; a rules file holds at most 200 rules.`,
    )
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new AppError(
      'VALIDATION_FAILED',
      `The rules file ${path} is not JSON (${(error as Error).message}). See "voicedesk import --help" for its form.`,
    )
  }
  // Strict: a misspelt setting ("citation") must not be quietly ignored.
  const parsed = cleanupSettingsSchema.strict().safeParse(json)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  const where = issue
    ? issue.path.map((p) => (typeof p === 'number' ? `[${p + 1}]` : `.${String(p)}`)).join('')
    : ''
  throw new AppError(
    'VALIDATION_FAILED',
    `The rules file ${path} has a problem${where ? ` at ${where.replace(/^\./, '')}` : ''}: ${issue ? humanIssue(issue) : 'unknown'}`,
  )
}

function humanIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys')
    return `${issue.keys.join(', ')} is not a setting VoiceDesk knows.`
  return issue.message.endsWith('.') ? issue.message : `${issue.message}.`
}

/** What the clean-up did, one line a rule that changed something, and the characters saved. */
export function cleanupLines(reports: readonly CleanupRuleReport[]): string[] {
  const changed = reports.filter((r) => r.count > 0)
  if (changed.length === 0) return ['Clean-up: the rules found nothing to change.']
  const saved = changed.reduce((sum, r) => sum + r.charactersSaved, 0)
  return [
    `Clean-up, before anything is paid for (${saved >= 0 ? `${formatCount(saved)} characters fewer` : `${formatCount(-saved)} characters more`}):`,
    ...changed.map(
      (r) => `  ${r.label}: ${formatCount(r.count)} ${r.count === 1 ? 'change' : 'changes'}`,
    ),
  ]
}
