import { agentId, BISTRO_AGENT_ID, type AgentRecord } from './agents.js'
import type { MessageRecord } from './conversation-record.js'
import { BISTRO_CALL, BISTRO_LOOP_FROM, turnMessage, type Turn } from './transcript.js'

/** A call as one agent's callers have it: its turns, and where a longer call goes round again. */
interface AgentCall {
  turns: Turn[]
  loopFrom: number
}

const say = (text: string): Turn => ({ role: 'assistant', text })
const hear = (text: string): Turn => ({ role: 'user', text })
const tool = (
  name: string,
  args: Record<string, unknown>,
  result: Record<string, unknown>,
): Turn => ({ role: 'tool', name, args, result })

// Each agent's own call, so a clinic's history reads as a clinic's and never as a restaurant's.
// The lines name the business as the agent's description does.
const CALLS: Record<string, AgentCall> = {
  [BISTRO_AGENT_ID]: { turns: BISTRO_CALL, loopFrom: BISTRO_LOOP_FROM },
  [agentId('clinic')]: {
    turns: [
      say('Good morning, Northside Clinic. How can I help you?'),
      hear('I need an appointment with Dr Patel, please.'),
      say('Of course. Could you give me your date of birth so I can find your record?'),
      hear('It is the third of May, 1984.'),
      tool('find_patient', { date_of_birth: '1984-05-03' }, { patient: 'Alex Moreno' }),
      say('Thank you, Alex. Dr Patel has Tuesday at 9:40 or Thursday at 14:10.'),
      hear('Thursday afternoon works better.'),
      tool('book_appointment', { doctor: 'Patel', slot: 'thu 14:10' }, { status: 'confirmed' }),
      say('You are booked with Dr Patel on Thursday at 14:10.'),
      hear('Do I need to bring anything?'),
      say('Please bring your insurance card and a list of your current medicines.'),
      hear('Thanks, that is all.'),
    ],
    loopFrom: 9,
  },
  [agentId('courier')]: {
    turns: [
      say('Hello, Swift Couriers tracking. Can I have your parcel number?'),
      hear('Yes, it is SC 4471 82.'),
      tool('find_parcel', { number: 'SC447182' }, { status: 'out_for_delivery', eta: '15:00' }),
      say('Your parcel is out for delivery and should arrive by three this afternoon.'),
      hear('I will not be home then. Can it come tomorrow?'),
      tool('book_redelivery', { number: 'SC447182', day: 'tomorrow' }, { status: 'booked' }),
      say('Done: it will come tomorrow between nine and one.'),
      hear('Could the driver leave it with my neighbour if I miss it?'),
      say('Yes, I have added a note to leave it at number 12.'),
      hear('Great, thank you.'),
    ],
    loopFrom: 7,
  },
  [agentId('helpdesk')]: {
    turns: [
      say('Brightline Broadband support, how can I help?'),
      hear('My internet keeps dropping every few minutes.'),
      tool('line_check', { account: 'BL-20931' }, { line: 'unstable', router: 'online' }),
      say('I can see the line is unstable. Could you restart your router for me?'),
      hear('Okay, it is restarting now.'),
      say('Thank you. I will check the line again once the lights are steady.'),
      tool('line_check', { account: 'BL-20931' }, { line: 'stable', router: 'online' }),
      say('The line looks stable now. I have logged a ticket in case it drops again.'),
      hear('What if it happens tonight?'),
      say('Call us back with the ticket number and an engineer will visit.'),
      hear('Alright, thanks for the help.'),
    ],
    loopFrom: 8,
  },
  [agentId('realty')]: {
    turns: [
      say('Casa Nova Realty, this is the viewings line. How can I help?'),
      hear('I would like to see the two-bedroom flat on Elm Street.'),
      say('Lovely. What budget are you working with?'),
      hear('Up to three hundred and fifty thousand.'),
      tool('find_listing', { street: 'Elm Street', bedrooms: 2 }, { price: 335_000 }),
      say('That flat is listed at 335,000. I can show it on Saturday at eleven.'),
      hear('Saturday is perfect.'),
      tool('book_viewing', { listing: 'elm-2b', slot: 'sat 11:00' }, { status: 'confirmed' }),
      say('Your viewing is booked for Saturday at eleven.'),
      hear('Is there parking near the building?'),
      say('Yes, there are visitor spaces behind the building.'),
      hear('Thank you, see you Saturday.'),
    ],
    loopFrom: 9,
  },
}

/** The n-th transcript row of a call to `agent` (its own call; the bistro's for an unknown agent). */
export function agentMessage(
  agent: AgentRecord,
  n: number,
  at: number,
  lengthMs: number,
): MessageRecord {
  const call = CALLS[agent.id] ?? CALLS[BISTRO_AGENT_ID]!
  return turnMessage(call.turns, call.loopFrom, n, at, lengthMs)
}
