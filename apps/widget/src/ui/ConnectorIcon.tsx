import { WalletIcon } from './icons'

/** Icons are data: URIs only (the protocol schema refuses anything else), so nothing is fetched. */
export function ConnectorIcon({ icon, size = 40 }: { icon: string | undefined; size?: number }) {
  if (icon) return <img className="al-connector-icon" src={icon} alt="" width={size} height={size} draggable={false} />
  return (
    <span className="al-connector-icon al-connector-icon-placeholder" style={{ width: size, height: size }}>
      <WalletIcon width={size / 2} height={size / 2} />
    </span>
  )
}
