import type { FrameSocialProvider } from '@airlock/protocol'
import { SOCIAL_LABELS } from '../../connectors/embedded/socials'
import { lazyView } from '../../core/router/registry'
import type { RouteTable } from '../../core/router/routes'

declare module '../../core/router/routes' {
  interface RouteParams {
    /** The embedded wallet's email login: the mailed login code. */
    EmailVerifyOtp: { email: string }
    /** Any embedded-wallet login on a device new to the wallet: its second factor. */
    VerifyDevice: undefined
    /** A social login waiting on its popup. */
    ConnectingSocial: { provider: FrameSocialProvider }
    /** Sign In With Farcaster: the QR code of its channel. */
    ConnectingFarcaster: undefined
    /** The email update of an email login: the new address, then a code to each address. */
    UpdateEmail: undefined
    UpdateEmailPrimaryOtp: { email: string }
    UpdateEmailSecondaryOtp: { email: string }
    /** Protect the embedded wallet with a passkey; the secure frame draws the button. */
    AddPasskey: undefined
  }
}

const updateEmailOtp = (step: 'primary' | 'secondary') =>
  lazyView<{ email: string }>(() =>
    import('./update-email/UpdateEmailOtpView').then(({ default: View }) => ({
      default: ({ email }: { email: string }) => <View step={step} email={email} />,
    })),
  )

export const authRoutes: RouteTable<
  | 'EmailVerifyOtp'
  | 'VerifyDevice'
  | 'ConnectingSocial'
  | 'ConnectingFarcaster'
  | 'UpdateEmail'
  | 'UpdateEmailPrimaryOtp'
  | 'UpdateEmailSecondaryOtp'
  | 'AddPasskey'
> = {
  EmailVerifyOtp: { view: lazyView(() => import('./email/EmailVerifyOtpView')), title: 'Confirm Email', connecting: true },
  VerifyDevice: { view: lazyView(() => import('./device/VerifyDeviceView')), title: 'Approve Device', connecting: true },
  ConnectingSocial: {
    view: lazyView(() => import('./social/ConnectingSocialView')),
    title: ({ provider }) => `Log in with ${SOCIAL_LABELS[provider]}`,
    connecting: true,
  },
  ConnectingFarcaster: {
    view: lazyView(() => import('./social/ConnectingFarcasterView')),
    title: `Log in with ${SOCIAL_LABELS.farcaster}`,
    connecting: true,
  },
  UpdateEmail: { view: lazyView(() => import('./update-email/UpdateEmailView')), title: 'Edit Email' },
  UpdateEmailPrimaryOtp: { view: updateEmailOtp('primary'), title: 'Confirm Current Email' },
  UpdateEmailSecondaryOtp: { view: updateEmailOtp('secondary'), title: 'Confirm New Email' },
  AddPasskey: { view: lazyView(() => import('./device/AddPasskeyView')), title: 'Add a Passkey' },
}
