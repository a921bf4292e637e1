/** One criterion an agent's calls are scored on. */
export interface AgentCriterion {
  id: string
  name: string
}

/** A voice agent of the demo account. */
export interface AgentRecord {
  id: string
  name: string
  description: string
  createdAt: string
  /** Criteria its conversations are evaluated on (the first is the one a failed call misses). */
  criteria: AgentCriterion[]
}

/** The id of a demo agent from its short name ("clinic"). */
export function agentId(name: string): string {
  return `agent_01jsandbox${name}`.padEnd(31, '0')
}

/** The agent every seeded and live conversation used before there were several (id kept as is). */
export const BISTRO_AGENT_ID = 'agent_01jsandboxbistro000000000'

function agent(
  id: string,
  name: string,
  description: string,
  createdOn: string,
  criteria: ReadonlyArray<[id: string, name: string]>,
): AgentRecord {
  return {
    id,
    name,
    description,
    createdAt: `${createdOn}T09:00:00.000Z`,
    criteria: criteria.map(([criterionId, criterionName]) => ({
      id: criterionId,
      name: criterionName,
    })),
  }
}

/** The five agents of the demo account, with human names; the same on every start. */
export const SANDBOX_AGENTS: readonly AgentRecord[] = [
  agent(BISTRO_AGENT_ID, 'Maya Okafor', 'Harbour Bistro: table bookings', '2026-03-02', [
    ['booked_slot', 'Booked a slot'],
    ['greeted_caller', 'Greeted the caller'],
    ['upsold_dessert', 'Offered the dessert menu'],
  ]),
  agent(agentId('clinic'), 'Theo Lindqvist', 'Northside Clinic: appointments', '2026-03-09', [
    ['appointment_set', 'Set an appointment'],
    ['verified_identity', 'Verified the patient'],
  ]),
  agent(agentId('courier'), 'Priya Raman', 'Swift Couriers: parcel tracking', '2026-04-14', [
    ['order_found', 'Found the order'],
    ['gave_eta', 'Gave a delivery time'],
    ['offered_redelivery', 'Offered a redelivery'],
  ]),
  agent(agentId('helpdesk'), 'Samuel Achebe', 'Brightline Broadband: support', '2026-05-20', [
    ['issue_resolved', 'Resolved the issue'],
    ['ticket_logged', 'Logged a ticket'],
  ]),
  agent(agentId('realty'), 'Lucía Ferreira', 'Casa Nova Realty: viewings', '2026-06-11', [
    ['viewing_booked', 'Booked a viewing'],
    ['budget_captured', 'Captured the budget'],
  ]),
]

/** The agent with this id. */
export function agentById(id: string): AgentRecord | undefined {
  return SANDBOX_AGENTS.find((agent) => agent.id === id)
}

/** An agent on the wire. */
export function agentToWire(agent: AgentRecord): Record<string, unknown> {
  return {
    id: agent.id,
    name: agent.name,
    description: agent.description,
    created_at: agent.createdAt,
  }
}
