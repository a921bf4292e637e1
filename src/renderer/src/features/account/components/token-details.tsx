import type { ReactElement } from 'react'
import type { AccountStatus } from '../../../../../shared/domain/account'
import { CheckIcon, CrossIcon } from '../../../components/icons'
import { Disclosure } from '../../../components/ui/disclosure'
import { formatRelative } from '../../../lib/format'
import { humanTime } from '../../../lib/human-time'
import type { Scope } from '../../../../../shared/domain/account'
import { useCountdownNow } from '../hooks/use-now'

/** Below this, the expiry is shown as a warning: time to paste a fresh token. */
const EXPIRY_WARNING_MS = 10 * 60_000

const operations: { key: keyof AccountStatus['allowed']; label: string }[] = [
  { key: 'speech', label: 'Speech' },
  { key: 'stream', label: 'Streaming speech' },
  { key: 'voicesRead', label: 'List voices' },
  { key: 'voicesCreate', label: 'Create voices' },
  { key: 'voicesDelete', label: 'Delete voices' },
]

/** Each scope as a person says it; the raw scope stays behind Details. */
const scopeWords: Record<Scope, string> = {
  'audio:speech': 'Make speech',
  'audio:stream': 'Stream speech',
  'audio:all': 'All speech',
  'voices:read': 'Read voices',
  'voices:create': 'Create voices',
  'voices:delete': 'Delete voices',
  'voices:all': 'All voice actions',
}

/** What a pasted access token allows, and when it stops working. */
export function TokenDetails(props: { status: AccountStatus }): ReactElement | null {
  const { token, allowed, notices } = props.status
  const expiresMs = token === null ? Number.NaN : Date.parse(token.expiresAt)
  const now = useCountdownNow(expiresMs)
  if (token === null) return null
  // Main's word wins: its expiry timer can fire between two ticks of this clock.
  const expired = expiresMs <= now || notices.some((notice) => notice.kind === 'token-expired')
  const remaining = expired ? 0 : expiresMs - now
  const expiryTone = expired ? 'danger' : remaining < EXPIRY_WARNING_MS ? 'warning' : 'success'

  return (
    <div className="box token-details" data-testid="token-details">
      <div className="token-details__row">
        <h3>Granted</h3>
        <ul className="token-details__chips" aria-label="What the token was granted">
          {token.scopes.map((scope) => (
            <li key={scope} className="chip chip--accent" data-testid="token-scope">
              {scopeWords[scope]}
            </li>
          ))}
        </ul>
      </div>
      <div className="token-details__row">
        <h3>Expires</h3>
        <p data-testid="token-expiry">
          <span className={`chip chip--${expiryTone}`}>
            {expired ? 'Expired' : `Expires ${formatRelative(expiresMs, now)}`}
          </span>{' '}
          <span className="field__hint">{humanTime(token.expiresAt, now)}</span>
        </p>
      </div>
      {!expired && remaining < EXPIRY_WARNING_MS && (
        <p className="field__error" role="alert">
          This token stops working {formatRelative(expiresMs, now)}. Paste a new token, or save an
          API key, to keep working.
        </p>
      )}
      <OperationsRow title="Can" allowed={allowed} want={true} />
      <OperationsRow title="Can't" allowed={allowed} want={false} />
      <Disclosure summary="Details" className="token-details__raw" testId="token-raw">
        <p className="field__hint">
          Scopes as the service names them:{' '}
          <span className="mono" data-testid="token-raw-scopes">
            {token.scopes.join(' ')}
          </span>
        </p>
      </Disclosure>
    </div>
  )
}

/**
 * What the token lets VoiceDesk do (`want` true) or not (false), each in its own row: a row of
 * struck-through chips read as broken controls, not as "this token cannot".
 */
function OperationsRow(props: {
  title: string
  allowed: AccountStatus['allowed']
  want: boolean
}): ReactElement | null {
  const shown = operations.filter(({ key }) => props.allowed[key] === props.want)
  if (shown.length === 0) return null
  return (
    <div className="token-details__row">
      <h3>{props.title}</h3>
      <ul
        className="token-details__allowed"
        aria-label={props.want ? 'What this token allows' : 'What this token does not allow'}
      >
        {shown.map(({ key, label }) => (
          <li
            key={key}
            data-testid={`allowed-${key}`}
            data-allowed={props.want}
            className={props.want ? 'allowed allowed--yes' : 'allowed allowed--no'}
          >
            {props.want ? <CheckIcon /> : <CrossIcon />}
            <span>{label}</span>
            <span className="visually-hidden">
              {props.want ? ': allowed' : ': not allowed by this token'}
            </span>
          </li>
        ))}
      </ul>
    </div>
  )
}
