import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import type {
  CleanupPreview,
  CleanupSettings,
  CleanupTrial,
} from '../../../../../shared/domain/cleanup-rules'
import { defaultCleanup, rulePatternProblem } from '../../../../../shared/domain/cleanup-rules'
import { AppError } from '../../../../../shared/errors'
import { previewCleanup, saveCleanupRules, savedCleanupRules, tryCleanup } from '../api/cleanup-api'
import { useScriptDocumentStore } from '../stores/script-document-store'

/** How long typing in a rule waits before the rules run again. */
const TYPING_DELAY_MS = 300

/** `value` once it has stopped changing for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms)
    return () => window.clearTimeout(timer)
  }, [value, ms])
  return settled
}

/**
 * The settings as the rules can run them: a rule still being written (empty, or a pattern that
 * does not compile yet) is sent switched off, so every rule keeps its number in the report.
 */
export function runnable(settings: CleanupSettings): CleanupSettings {
  return {
    ...settings,
    rules: settings.rules.map((rule) =>
      rule.find !== '' && rulePatternProblem(rule) === null
        ? rule
        : { ...rule, find: '-', regex: false, enabled: false },
    ),
  }
}

/** The preview of the rules on the open script, run again (in main) when they settle. */
export function useCleanupPreview(
  open: boolean,
  settings: CleanupSettings,
): { preview: CleanupPreview | null; loading: boolean; error: unknown } {
  const revision = useScriptDocumentStore((s) => s.revision)
  const settled = useSettled(settings, TYPING_DELAY_MS)
  const query = useQuery({
    queryKey: ['script', 'cleanupPreview', revision, settled],
    // The signal ends when these rules are left behind (no one shows them any more): see
    // previewCleanup.
    queryFn: ({ signal }) => previewCleanup(runnable(settled), signal),
    enabled: open,
    gcTime: 0,
    // Main cancels a preview when a newer one of the same script arrives, and a preview given up
    // is no longer sent. Should a cancelled one still be the rules on screen, it is asked again at
    // once rather than shown as an error (a guard kept from before that fix); a real failure is
    // shown as it is.
    retry: (failures, error) =>
      failures < 3 && error instanceof AppError && error.code === 'CANCELLED',
    retryDelay: 0,
  })
  const loading = query.isFetching || settled !== settings
  return {
    preview: loading ? null : (query.data ?? null),
    loading,
    error: query.isError && !loading ? query.error : null,
  }
}

/** A sample run through the rules (the test field), in main, when the sample or rules settle. */
export function useCleanupTrial(
  settings: CleanupSettings,
  sample: string,
): { trial: CleanupTrial | null; error: unknown } {
  const input = useMemo(() => ({ settings, sample }), [settings, sample])
  const settled = useSettled(input, TYPING_DELAY_MS)
  const query = useQuery({
    queryKey: ['script', 'cleanupTry', settled],
    queryFn: () => tryCleanup(runnable(settled.settings), settled.sample),
    enabled: settled.sample !== '',
    gcTime: 0,
    retry: false,
  })
  return {
    trial: settled.sample === '' ? null : (query.data ?? null),
    error: query.isError ? query.error : null,
  }
}

/**
 * The rules the dialog edits: each time it opens, the project's own rules (kept when they were
 * last applied to it), else the rules last applied in any project, else the defaults; `keep`
 * remembers the rules just applied for the next new script. The text is already changed if that
 * fails, so a failure only means a new script starts from other rules.
 */
export function useCleanupRules(
  open: boolean,
): [
  CleanupSettings,
  (change: (s: CleanupSettings) => CleanupSettings) => void,
  (s: CleanupSettings) => void,
] {
  const queryClient = useQueryClient()
  const projectRules = useScriptDocumentStore((s) => s.meta.cleanup)
  const saved = useQuery({
    queryKey: ['script', 'cleanupRules'],
    queryFn: savedCleanupRules,
    enabled: open,
    retry: false,
  })
  const [settings, setSettings] = useState<CleanupSettings>(defaultCleanup)
  const [startedFrom, setStartedFrom] = useState<number | null>(null)
  const savedAt = open && saved.isFetched ? saved.dataUpdatedAt : null
  if (savedAt !== startedFrom) {
    setStartedFrom(savedAt)
    if (savedAt !== null) setSettings(projectRules ?? saved.data ?? defaultCleanup())
  }
  const keep = (rules: CleanupSettings): void => {
    void saveCleanupRules(rules)
      .then(() => queryClient.invalidateQueries({ queryKey: ['script', 'cleanupRules'] }))
      .catch(() => undefined)
  }
  return [settings, setSettings, keep]
}
