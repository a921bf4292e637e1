import type { ReactElement } from 'react'
import { UpcomingWorkspace } from '../../../components/upcoming-workspace'

/** The Conversations workspace: follow voice-agent conversations live. Shell for now. */
export function ConversationsWorkspace(props: { focusOnMount?: boolean }): ReactElement {
  return (
    <UpcomingWorkspace
      title="Conversations"
      description="Follow a voice-agent conversation as it happens, then read its full transcript, tool calls and evaluations."
      focusOnMount={props.focusOnMount ?? false}
      plans={[
        { name: 'Follow live', detail: 'Status and new turns appear about once a second.' },
        { name: 'Transcript', detail: 'Caller, agent and tool turns in order, with timings.' },
        { name: 'Evaluations', detail: 'How the agent scored against its criteria, once ended.' },
      ]}
    />
  )
}
