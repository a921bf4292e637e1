import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Plan, PlanLimits } from '../../shared/domain/account'
import { PLAN_LIMITS } from '../../shared/domain/account'
import { SETTINGS_FILE } from '../core/settings/settings-store'
import { settingsSchema } from '../core/settings/settings-schema'

/** The plan a command keeps under, its limits, and where the choice came from. */
export interface CliPlan {
  plan: Plan
  limits: PlanLimits
  from: 'option' | 'app' | 'default'
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin
  } catch {
    return null
  }
}

/**
 * The plan saved in the app's Account screen (its settings.json, read and never written), when
 * the app's service is the one at `baseUrl`; null when there is none or it is for another service.
 * Why only for the same service: a plan is an account's at one service, and a paid plan's pace
 * sent to a service where the key is on the free plan meets nothing but refusals.
 */
async function appPlan(dirs: readonly string[], baseUrl: string): Promise<CliPlan | null> {
  for (const dir of dirs) {
    let text: string
    try {
      text = await readFile(join(dir, SETTINGS_FILE), 'utf8')
    } catch {
      continue
    }
    let parsed
    try {
      parsed = settingsSchema.safeParse(JSON.parse(text) as unknown)
    } catch {
      return null
    }
    if (!parsed.success) return null
    const settings = parsed.data
    const origin = originOf(baseUrl)
    if (origin === null || originOf(settings.baseUrl) !== origin) return null
    if (settings.plan === 'custom') {
      return settings.customLimits === null
        ? null
        : { plan: 'custom', limits: settings.customLimits, from: 'app' }
    }
    return { plan: settings.plan, limits: PLAN_LIMITS[settings.plan], from: 'app' }
  }
  return null
}

/**
 * The plan a command keeps under: `--plan` or VOICEDESK_PLAN when given, else the one the app's
 * Account screen saved for this service, else free.
 */
export async function chosenPlan(
  given: 'free' | 'paid' | null,
  baseUrl: string,
  userDataDirs: readonly string[],
): Promise<CliPlan> {
  if (given !== null) return { plan: given, limits: PLAN_LIMITS[given], from: 'option' }
  return (
    (await appPlan(userDataDirs, baseUrl)) ?? {
      plan: 'free',
      limits: PLAN_LIMITS.free,
      from: 'default',
    }
  )
}
