/** Characters sent for one project in one month. */
export interface ProjectUsage {
  /** The script's title or file name; "Previews", "Command line" or "Other" (the folded rest). */
  project: string
  characters: number
}

/** What this computer sent to the service in one calendar month (local time). */
export interface MonthUsage {
  /** `YYYY-MM`. */
  month: string
  characters: number
  /** Largest first. */
  projects: ProjectUsage[]
}

/**
 * Billable characters this computer sent, counted as answers arrived (the service has no usage
 * endpoint); newest month first. Cache hits are free and never counted.
 */
export interface UsageReport {
  months: MonthUsage[]
  /**
   * ISO time the service last refused speech because the account has no credit left (402), in
   * this session and not since answered; absent when not heard. The service reports no balance,
   * so this is all that is known of what is left.
   */
  outOfCreditAt?: string
}

/** Project names used for synthesis that belongs to no script. */
export const USAGE_PREVIEWS = 'Previews'
export const USAGE_COMMAND_LINE = 'Command line'
export const USAGE_OTHER = 'Other'
