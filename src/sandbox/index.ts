// The one module other code imports from the sandbox.
export { startSandbox } from './sandbox.js'
export type { Sandbox, SandboxAccount } from './sandbox.js'
export {
  DEFAULT_ACCOUNTS,
  DEFAULT_LIMITS,
  SANDBOX_DEMO_KEYS,
  SHAPE_GENERATIONS,
} from './options.js'
export type {
  AccountSettings,
  PlanLimits,
  PlanName,
  SandboxOptions,
  ShapeSettings,
} from './options.js'
export type { FaultSettings, FaultPatch } from './faults/fault-settings.js'
export type {
  StartConversationOptions,
  StartedConversation,
} from './conversations/live-conversation.js'
export { SEEDED_CONVERSATION_IDS } from './conversations/seed.js'
export type { RequestArrival, RequestLogEntry, RequestLogFilter } from './server/request-log.js'
export type { AccountPatch, SandboxStateSummary } from './control.js'
