import { shortAddress } from '@airlock/chains'
import { useAtomValue } from 'jotai'
import { useWidget } from '../../core/react'
import { Button } from '../../ui/Button'
import { Spinner } from '../../ui/Spinner'
import { siwxPromptAtom } from './atoms'
import { cancelSignIn, retrySignIn } from './flow'
import './siwx.css'

const STATUS_TEXT = {
  signing: 'Sign the message in your wallet',
  verifying: 'Verifying your signature…',
} as const

/**
 * SIWXSignMessage (SPEC section 2): the wallet is asked as the view opens (watch.ts), so the view
 * shows who asks, for which account, and how it goes; after a refusal or a failure, a retry.
 */
export default function SiwxSignMessageView() {
  const ctx = useWidget()
  const prompt = useAtomValue(siwxPromptAtom)
  const site = new URL(ctx.config.parentOrigin).host
  const address = prompt?.account.split(':')[2]
  const waiting = prompt?.status === 'signing' || prompt?.status === 'verifying'
  return (
    <section className="al-siwx" data-testid="siwx-view">
      <p className="al-siwx-title">
        <strong>{site}</strong> wants you to sign in
        {address ? (
          <>
            {' '}
            with <span title={address}>{shortAddress(address)}</span>
          </>
        ) : null}
      </p>
      <p className="al-siwx-hint">Signing proves you own this account. It costs nothing and sends no transaction.</p>
      {prompt && (
        <p className="al-siwx-status" data-testid="siwx-status" data-status={prompt.status} role="status">
          {waiting && <Spinner size={16} label="Waiting" />}
          {waiting ? STATUS_TEXT[prompt.status as keyof typeof STATUS_TEXT] : prompt.error}
        </p>
      )}
      <div className="al-siwx-actions">
        <Button variant="secondary" data-testid="siwx-cancel" onClick={() => void cancelSignIn(ctx)}>
          Cancel
        </Button>
        {!waiting && prompt && (
          <Button data-testid="siwx-retry" onClick={() => retrySignIn(ctx)}>
            Try again
          </Button>
        )}
      </div>
    </section>
  )
}
