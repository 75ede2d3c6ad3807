import { useAtomValue } from 'jotai'
import { Fragment, useEffect, useMemo } from 'react'
import { loadConnectWallets } from './wallets/actions'
import { Button } from '../../ui/Button'
import { WalletIcon } from '../../ui/icons'
import { WalletItemIcon } from './WalletItemIcon'
import { preloadAuthFrame, whenIdle } from '../../connectors/embedded/preload'
import { socialEnvironment, visibleSocials } from '../../connectors/embedded/socials'
import { connectorsLoadedAtom, listedWalletsAtom } from '../../connectors/relayed/atoms'
import { openAtom } from '../../core/modal/atoms'
import { optionsAtom } from '../../core/options/atoms'
import { connectListAtom, currentWalletPagesAtom, explorerKeyAtom, explorerPlaceholdersAtom, walletCountAtom } from './wallets/atoms'
import { connectSections, type ConnectMethod } from './wallets/connectMethods'
import { formatWalletCount, type WalletItem } from './wallets/lists'
import { useWidget } from '../../core/react'
import { useConnectSlots } from './slots'
import { allWalletsButtonHandlers, walletButtonHandlers } from './walletButtons'
import './connect.css'

/** The messaging-app web view check reads the user agent once (SPEC section 5's social filter). */
const SOCIAL_ENVIRONMENT = socialEnvironment(globalThis.navigator)

export function ConnectView() {
  const ctx = useWidget()
  const open = useAtomValue(openAtom)
  const explorerKey = useAtomValue(explorerKeyAtom)
  const features = useAtomValue(optionsAtom)?.features
  const hasInstalled = useAtomValue(listedWalletsAtom).length > 0
  const socials = useMemo(() => visibleSocials(features?.socials, SOCIAL_ENVIRONMENT), [features?.socials])
  const showEmail = features?.email !== false
  const available: Readonly<Record<ConnectMethod, boolean>> = { email: showEmail, social: socials.length > 0, wallet: true }
  const sections = connectSections(features, hasInstalled, available)
  const usesFrame = available.email || available.social

  // The explorer lists load when the modal opens, after the first paint; not at boot.
  useEffect(() => {
    if (open) void loadConnectWallets(ctx)
  }, [ctx, open, explorerKey])

  // The secure frame loads once the modal is open and idle, so that the first code is not slowed by it.
  useEffect(() => {
    if (open && usesFrame) return whenIdle(() => preloadAuthFrame(ctx))
  }, [ctx, open, usesFrame])

  const { email: EmailLoginSection, social: SocialSection } = useConnectSlots()
  return (
    <section className="al-connect" data-testid="connect-view">
      {sections.map((method, index) => (
        <Fragment key={method}>
          {index > 0 && <div className="al-connect-separator">or</div>}
          {method === 'wallet' ? (
            // SPEC section 1 emailShowWallets: off, the wallets fold behind one button under the email field.
            <WalletSection collapsed={features?.emailShowWallets === false && showEmail} />
          ) : method === 'email' ? (
            <EmailLoginSection />
          ) : (
            <SocialSection providers={socials} />
          )}
        </Fragment>
      ))}
    </section>
  )
}

function WalletSection({ collapsed }: { collapsed: boolean }) {
  const ctx = useWidget()
  const features = useAtomValue(optionsAtom)?.features
  const items = useAtomValue(connectListAtom)
  const placeholders = useAtomValue(explorerPlaceholdersAtom)
  const showAllWallets = features?.allWallets !== false

  if ((features?.collapseWallets || collapsed) && showAllWallets) {
    return (
      <div className="al-wallet-list">
        <Button
          variant="secondary"
          className="al-continue-wallet"
          data-testid="continue-with-wallet-button"
          {...allWalletsButtonHandlers(ctx)}
        >
          <WalletIcon width={18} height={18} />
          Continue with a wallet
        </Button>
      </div>
    )
  }

  // The explorer's rows land between WalletConnect and the dapp's custom wallets: held there meanwhile.
  const custom = items.findIndex((item) => item.section === 'custom')
  const split = custom < 0 ? items.length : custom
  const row = (item: WalletItem) => <WalletRow key={`${item.section}:${item.key}`} item={item} />
  return (
    <div className="al-wallet-list">
      <NoWalletsHint />
      {items.slice(0, split).map(row)}
      {Array.from({ length: placeholders }, (_, index) => (
        <div key={index} className="al-wallet-item al-wallet-placeholder" aria-hidden="true" data-testid="wallet-placeholder">
          <span className="al-wallet-placeholder-icon" />
          <span className="al-wallet-placeholder-name" />
        </div>
      ))}
      {items.slice(split).map(row)}
      {showAllWallets && <AllWalletsButton />}
    </div>
  )
}

function WalletRow({ item }: { item: WalletItem }) {
  const ctx = useWidget()
  return (
    <button
      type="button"
      className="al-wallet-item"
      data-testid={`wallet-item-${item.key}`}
      data-section={item.section}
      data-namespaces={item.namespaces?.join(' ')}
      {...walletButtonHandlers(ctx, item)}
    >
      <WalletItemIcon item={item} />
      <span className="al-wallet-name">{item.name}</span>
      {item.tag && <span className="al-tag">{item.tag}</span>}
    </button>
  )
}

function AllWalletsButton() {
  const ctx = useWidget()
  const count = useAtomValue(walletCountAtom)
  return (
    <button type="button" className="al-wallet-item" data-testid="all-wallets-button" {...allWalletsButtonHandlers(ctx)}>
      <span className="al-all-wallets-icon" aria-hidden="true">
        <i />
        <i />
        <i />
        <i />
      </span>
      <span className="al-wallet-name">All Wallets</span>
      {count !== undefined && (
        <span className="al-tag al-tag-muted" data-testid="all-wallets-count">
          {formatWalletCount(count)}
        </span>
      )}
    </button>
  )
}

/**
 * Nothing in the page and nothing from the explorer (down, or no wallet for these options):
 * say so above WalletConnect, which still works. Not shown while the explorer lists exist.
 */
function NoWalletsHint() {
  const loaded = useAtomValue(connectorsLoadedAtom)
  const hasInstalled = useAtomValue(listedWalletsAtom).length > 0
  const pages = useAtomValue(currentWalletPagesAtom)
  const explorerEmpty = pages.status === 'error' || (pages.status === 'ready' && pages.wallets.length === 0)
  if (!loaded || hasInstalled || !explorerEmpty) return null
  return (
    <div className="al-connect-empty" data-testid="connect-empty">
      <p className="al-empty-title">No wallets found in this browser</p>
      <p className="al-empty-hint">Install a browser wallet extension, or connect a mobile wallet with WalletConnect.</p>
    </div>
  )
}
