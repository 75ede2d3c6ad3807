export { localhostFetch, loopbackUrl, signInWithStandIn, type SignInWithStandInOptions } from './headless'
export { isOidcProviderName, OIDC_PROVIDERS, type OidcProviderName } from './page'
export { startOidcStandIn, type OidcStandIn, type OidcStandInClient, type StartOidcStandInOptions } from './server'
