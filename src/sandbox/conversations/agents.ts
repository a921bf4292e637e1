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

function agentId(name: string): string {
  return `agent_01jsandbox${name}`.padEnd(31, '0')
}

/** The agent every seeded and live conversation used before there were several (id kept as is). */
export const BISTRO_AGENT_ID = 'agent_01jsandboxbistro000000000'

/** The five agents of the demo account, with human names; the same on every start. */
export const SANDBOX_AGENTS: readonly AgentRecord[] = [
  {
    id: BISTRO_AGENT_ID,
    name: 'Maya Okafor',
    description: 'Harbour Bistro: table bookings',
    createdAt: '2026-03-02T09:00:00.000Z',
    criteria: [
      { id: 'booked_slot', name: 'Booked a slot' },
      { id: 'greeted_caller', name: 'Greeted the caller' },
      { id: 'upsold_dessert', name: 'Offered the dessert menu' },
    ],
  },
  {
    id: agentId('clinic'),
    name: 'Theo Lindqvist',
    description: 'Northside Clinic: appointments',
    createdAt: '2026-03-09T09:00:00.000Z',
    criteria: [
      { id: 'appointment_set', name: 'Set an appointment' },
      { id: 'verified_identity', name: 'Verified the patient' },
    ],
  },
  {
    id: agentId('courier'),
    name: 'Priya Raman',
    description: 'Swift Couriers: parcel tracking',
    createdAt: '2026-04-14T09:00:00.000Z',
    criteria: [
      { id: 'order_found', name: 'Found the order' },
      { id: 'gave_eta', name: 'Gave a delivery time' },
      { id: 'offered_redelivery', name: 'Offered a redelivery' },
    ],
  },
  {
    id: agentId('helpdesk'),
    name: 'Samuel Achebe',
    description: 'Brightline Broadband: support',
    createdAt: '2026-05-20T09:00:00.000Z',
    criteria: [
      { id: 'issue_resolved', name: 'Resolved the issue' },
      { id: 'ticket_logged', name: 'Logged a ticket' },
    ],
  },
  {
    id: agentId('realty'),
    name: 'Lucía Ferreira',
    description: 'Casa Nova Realty: viewings',
    createdAt: '2026-06-11T09:00:00.000Z',
    criteria: [
      { id: 'viewing_booked', name: 'Booked a viewing' },
      { id: 'budget_captured', name: 'Captured the budget' },
    ],
  },
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
