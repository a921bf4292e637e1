import type { ReactElement, ReactNode } from 'react'
import { Notice } from '../../../components/notice'

/** Says the service does not list conversations, with a way to ask it again. */
function ListNotServedNotice(props: { onCheckAgain: () => void }): ReactElement {
  return (
    <Notice tone="info" title="This service does not list conversations" testId="list-not-served">
      <p className="notice__text">
        Paste a conversation id to open it. The conversations you open are kept in a list on this
        computer.
      </p>
      <div className="button-row">
        <button type="button" className="button button--small" onClick={props.onCheckAgain}>
          Check again
        </button>
      </div>
    </Notice>
  )
}

/** What the main column shows before a conversation is opened: how to open one, and where ids come from. */
function OpenedByIdEmpty(): ReactElement {
  return (
    <div className="conversations__main">
      <div className="box box--empty conversations__empty" data-testid="opened-by-id-empty">
        <p>
          Paste a conversation id (conv_…) or a link to one to open it. While it runs, its status
          and new turns appear about once a second.
        </p>
        <p className="field__hint">
          Where ids come from: the address of a conversation in the service&apos;s web console, the{' '}
          <code>conversation_id</code> of your webhook events, or the logs of the app that starts
          your agent&apos;s calls.
        </p>
      </div>
    </div>
  )
}

/**
 * The Conversations screen where the service does not list conversations (or the list is not
 * chosen): the open-by-id form and the local list beside the open conversation.
 */
export function OpenedByIdLayout(props: {
  /** True when the service answered that it does not list conversations. */
  notServed: boolean
  openedById: ReactNode
  detail: ReactNode
  onCheckAgain: () => void
}): ReactElement {
  return (
    <>
      {props.notServed ? <ListNotServedNotice onCheckAgain={props.onCheckAgain} /> : null}
      <div className="conversations">
        <aside className="stack conversations__side">{props.openedById}</aside>
        {props.detail ?? <OpenedByIdEmpty />}
      </div>
    </>
  )
}
