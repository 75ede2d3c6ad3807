import { shortAddress } from '@airlock/chains'
import { useAtomValue } from 'jotai'
import { useEffect, useMemo, useState, type ReactNode } from 'react'
import { settleApproval } from '../../actions/approvals'
import { Button } from '../../components/Button'
import { approvalQueueAtom } from '../../stores/approvals'
import { optionsAtom } from '../../stores/options'
import { useWidget } from '../../WidgetProvider'
import type { DecodedData, TokenLookup } from './calldata'
import { decodeRequest, isApprovable, type DecodedRequest, type DecodedTransaction } from './decode'
import type { TreeNode } from './typedData'
import './approve-transaction.css'

/**
 * Approve is enabled this long after the view appears, so that a double click on the dapp's own
 * button cannot land on it when the modal opens under the pointer.
 */
export const APPROVE_ARM_DELAY_MS = 400

const TITLES: Record<DecodedRequest['kind'], string> = {
  message: 'Signature request',
  typedData: 'Signature request',
  transaction: 'Transaction request',
  calls: 'Transaction request',
  other: 'Wallet request',
  invalid: 'Wallet request',
}

export default function ApproveTransactionView({ requestId }: { requestId: string }) {
  const ctx = useWidget()
  const approval = useAtomValue(approvalQueueAtom).find((a) => a.id === requestId)
  const metadata = useAtomValue(optionsAtom)?.metadata
  const tokens = useTokenLookup(approval?.request.from, approval?.request.chainId)
  const decoded = useMemo(() => approval && decodeRequest(approval.request, { tokens }), [approval, tokens])
  // Armed per request: the next queued request replaces this one in the same view, and a double
  // click on Approve must not approve it too.
  const [armedFor, setArmedFor] = useState<string>()
  const armed = armedFor === requestId

  useEffect(() => {
    const timer = setTimeout(() => setArmedFor(requestId), APPROVE_ARM_DELAY_MS)
    return () => clearTimeout(timer)
  }, [requestId])

  if (!approval || !decoded) {
    return (
      <section className="al-approve" data-testid="approve-transaction" data-state="gone">
        <p className="al-muted">This request is no longer waiting.</p>
      </section>
    )
  }
  const canApprove = isApprovable(decoded)

  return (
    <section className="al-approve" data-testid="approve-transaction" data-kind={decoded.kind}>
      <DappOrigin origin={approval.origin} name={metadata?.name} icon={metadata?.icons?.[0]} apiUrl={ctx.config.apiUrl} />
      <h2 className="al-approve-title">{TITLES[decoded.kind]}</h2>
      <dl className="al-approve-rows">
        <Row label="Method">
          <code data-testid="approve-method">{decoded.method}</code>
        </Row>
        <Row label="Network">
          <span data-testid="approve-network">{decoded.network.name}</span>
        </Row>
        {(decoded.kind === 'message' || decoded.kind === 'typedData') && (
          <Row label="Account">
            <span data-testid="approve-from" title={decoded.address}>
              {shortAddress(decoded.address)}
            </span>
          </Row>
        )}
      </dl>
      {decoded.warnings.length > 0 && (
        <ul className="al-approve-warnings" data-testid="approve-warnings" role="alert">
          {decoded.warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      )}
      <RequestBody decoded={decoded} />
      <div className="al-approve-actions">
        <Button variant="secondary" data-testid="approve-reject" onClick={() => settleApproval(ctx, requestId, false)}>
          Reject
        </Button>
        <Button
          data-testid="approve-confirm"
          disabled={!canApprove || !armed}
          title={canApprove ? undefined : 'This request cannot be read, so it cannot be approved'}
          onClick={() => settleApproval(ctx, requestId, true)}
        >
          Approve
        </Button>
      </div>
    </section>
  )
}

function RequestBody({ decoded }: { decoded: DecodedRequest }) {
  switch (decoded.kind) {
    case 'message':
      return (
        <div className="al-approve-section">
          <h3 className="al-approve-label">{decoded.message.format === 'hex' ? 'Message (hex, not readable text)' : 'Message'}</h3>
          <pre className="al-approve-message" data-testid="approve-message" data-format={decoded.message.format}>
            {decoded.message.display}
          </pre>
          {decoded.message.hasHiddenCharacters && (
            <p className="al-approve-note">The message holds invisible characters, shown as {'\\u{…}'}.</p>
          )}
          {decoded.message.truncated && (
            <p className="al-approve-note">Showing the start of a {decoded.message.byteLength.toLocaleString('en-US')}-byte message.</p>
          )}
        </div>
      )
    case 'typedData': {
      const { domain, primaryType, message, truncated } = decoded.typedData
      return (
        <div className="al-approve-section">
          <h3 className="al-approve-label">Domain</h3>
          <dl className="al-approve-rows al-approve-box" data-testid="approve-typed-domain">
            {domain.name !== undefined && <Row label="Name">{domain.name}</Row>}
            {domain.version !== undefined && <Row label="Version">{domain.version}</Row>}
            {domain.chainId !== undefined && <Row label="Chain ID">{domain.chainId}</Row>}
            {domain.verifyingContract !== undefined && (
              <Row label="Contract">
                <span className="al-approve-mono">{domain.verifyingContract}</span>
              </Row>
            )}
            {domain.salt !== undefined && (
              <Row label="Salt">
                <span className="al-approve-mono">{domain.salt}</span>
              </Row>
            )}
          </dl>
          <h3 className="al-approve-label">
            Message <span className="al-muted">({primaryType})</span>
          </h3>
          <div className="al-approve-box" data-testid="approve-typed-message">
            <Tree nodes={message} />
          </div>
          {truncated && <p className="al-approve-note">Part of the message is too large or deep to show.</p>}
        </div>
      )
    }
    case 'transaction':
      return <TransactionDetails transaction={decoded.transaction} />
    case 'calls':
      return (
        <ol className="al-approve-calls">
          {decoded.calls.map((call, i) => (
            <li key={i} data-testid="approve-call">
              <h3 className="al-approve-label">
                Call {i + 1} of {decoded.calls.length}
              </h3>
              <TransactionDetails transaction={call} />
            </li>
          ))}
        </ol>
      )
    case 'other':
      return (
        <div className="al-approve-section">
          <h3 className="al-approve-label">Parameters</h3>
          <pre className="al-approve-message" data-testid="approve-params">
            {decoded.params}
          </pre>
          {decoded.truncated && <p className="al-approve-note">The parameters are cut for display.</p>}
        </div>
      )
    case 'invalid':
      return (
        <div className="al-approve-section">
          <p className="al-approve-error" data-testid="approve-error" role="alert">
            {decoded.error} This request cannot be approved.
          </p>
          <details>
            <summary>Parameters</summary>
            <pre className="al-approve-message">{decoded.params}</pre>
          </details>
        </div>
      )
  }
}

function TransactionDetails({ transaction }: { transaction: DecodedTransaction }) {
  return (
    <div className="al-approve-section">
      <dl className="al-approve-rows al-approve-box">
        <Row label={transaction.data.kind === 'call' ? 'Contract' : 'To'}>
          <span className="al-approve-mono" data-testid="approve-to">
            {transaction.to ?? 'Contract creation'}
          </span>
        </Row>
        <Row label="Value">
          <span data-testid="approve-value">{transaction.valueText}</span>
        </Row>
        {transaction.gas !== undefined && <Row label="Gas limit">{transaction.gas}</Row>}
      </dl>
      <div data-testid="approve-data" data-kind={transaction.data.kind}>
        <CallData data={transaction.data} />
      </div>
    </div>
  )
}

function CallData({ data }: { data: DecodedData }) {
  switch (data.kind) {
    case 'none':
      return null
    case 'call':
      return (
        <>
          <h3 className="al-approve-label">
            Function <code>{data.signature}</code>
            {data.unlimited && (
              <span className="al-approve-badge" data-testid="approve-unlimited">
                Unlimited
              </span>
            )}
          </h3>
          <dl className="al-approve-rows al-approve-box">
            {data.args.map((arg) => (
              <Row key={arg.name} label={arg.name}>
                <span className="al-approve-mono" title={arg.display ? arg.value : undefined}>
                  {arg.display ?? arg.value}
                </span>
              </Row>
            ))}
          </dl>
        </>
      )
    case 'raw':
      return (
        <>
          <h3 className="al-approve-label">
            Data
            {data.selector ? (
              <>
                {' '}
                · selector <code>{data.selector}</code>
              </>
            ) : null}{' '}
            · {data.byteLength.toLocaleString('en-US')} bytes
          </h3>
          {data.note && <p className="al-approve-note">{data.note}</p>}
          <details className="al-approve-raw">
            <summary>Raw data</summary>
            <code className="al-approve-mono">{data.hex}</code>
            {data.truncated && <p className="al-approve-note">Cut for display.</p>}
          </details>
        </>
      )
  }
}

function Tree({ nodes }: { nodes: TreeNode[] }) {
  return (
    <ul className="al-approve-tree">
      {nodes.map((node, i) => (
        <li key={`${i}:${node.key}`}>
          <span className="al-approve-key">{node.key}</span>
          {node.value !== undefined &&
            (node.full !== undefined ? (
              <details className="al-approve-long">
                <summary className="al-approve-mono" title={node.full}>
                  {node.value}
                </summary>
                <span className="al-approve-mono">{node.full}</span>
              </details>
            ) : (
              <span className="al-approve-mono">{node.value}</span>
            ))}
          {node.omitted !== undefined && <span className="al-muted">{node.omitted}</span>}
          {node.children && <Tree nodes={node.children} />}
        </li>
      ))}
    </ul>
  )
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="al-approve-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

/**
 * Who asks: the origin the widget pinned at the handshake (what it really is), and the name and
 * icon the dapp claims in its metadata. The icon shows only when the widget's CSP lets it load
 * (img-src: the widget and api origins); otherwise a letter stands in.
 */
function DappOrigin({
  origin,
  name,
  icon,
  apiUrl,
}: {
  origin: string
  name?: string | undefined
  icon?: string | undefined
  apiUrl: string
}) {
  const host = hostOf(origin)
  const allowed = icon !== undefined && [globalThis.location?.origin, originOf(apiUrl)].includes(originOf(icon))
  return (
    <div className="al-approve-origin" data-testid="approve-origin">
      {allowed ? (
        <img className="al-approve-dapp-icon" src={icon} alt="" referrerPolicy="no-referrer" />
      ) : (
        <span className="al-approve-dapp-icon" aria-hidden="true">
          {(name || host).slice(0, 1).toUpperCase()}
        </span>
      )}
      <div>
        {name && <div className="al-approve-dapp-name">{name}</div>}
        <div className="al-approve-dapp-origin" title={origin}>
          {origin}
        </div>
      </div>
    </div>
  )
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin
  } catch {
    return undefined
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return url
  }
}

/** Symbols and decimals of the tokens `from` holds on the chain, to show ERC-20 amounts in units. */
function useTokenLookup(from: string | undefined, chainId: number | undefined): TokenLookup | undefined {
  const { accountData } = useWidget()
  const [lookup, setLookup] = useState<{ key: string; tokens: TokenLookup }>()
  const key = `${chainId}:${from}`
  useEffect(() => {
    if (!from || chainId === undefined) return
    let live = true
    accountData.balances(from, `eip155:${chainId}`).then(
      (balances) => {
        const byAddress = new Map<string, { symbol: string; decimals: number }>()
        for (const balance of balances) {
          const address = balance.address?.split(':').at(-1)?.toLowerCase()
          if (address) byAddress.set(address, { symbol: balance.symbol, decimals: Number(balance.quantity.decimals) })
        }
        if (live) setLookup({ key, tokens: (address) => byAddress.get(address.toLowerCase()) })
      },
      // Without balances amounts are shown in smallest units; the Tokens tab reports the failure.
      () => {},
    )
    return () => {
      live = false
    }
  }, [accountData, from, chainId, key])
  return lookup?.key === key ? lookup.tokens : undefined
}
