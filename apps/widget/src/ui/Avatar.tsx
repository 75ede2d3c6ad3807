import { useState, type CSSProperties } from 'react'
import './avatar.css'

/** A stable two-colour gradient from the address: the avatar when there is no image. */
function avatarColors(address: string): CSSProperties {
  const a = Number.parseInt(address.slice(2, 8), 16) % 360
  const b = Number.parseInt(address.slice(-6), 16) % 360
  return { '--al-avatar-a': `hsl(${a} 70% 55%)`, '--al-avatar-b': `hsl(${b} 70% 45%)` } as CSSProperties
}

/** Only web and inline images; anything else falls back to the gradient. */
const isImageUrl = (url: string) => /^https?:\/\//i.test(url) || /^data:image\/(png|jpeg|gif|webp);/i.test(url)

/** The profile image, else (absent, unusable or failing to load) the generated gradient. */
export function Avatar({ address, image }: { address: string; image: string | null | undefined }) {
  const [failed, setFailed] = useState<string>()
  if (image && isImageUrl(image) && failed !== image) {
    return (
      <img
        className="al-avatar"
        src={image}
        alt=""
        width={64}
        height={64}
        referrerPolicy="no-referrer"
        data-testid="account-avatar"
        data-kind="image"
        onError={() => setFailed(image)}
      />
    )
  }
  return <span className="al-avatar" style={avatarColors(address)} aria-hidden="true" data-testid="account-avatar" data-kind="generated" />
}
