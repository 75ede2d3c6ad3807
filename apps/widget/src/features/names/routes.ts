import { lazyView } from '../../core/router/registry'
import type { RouteTable } from '../../core/router/routes'

declare module '../../core/router/routes' {
  interface RouteParams {
    /** SPEC section 4 name registration: the register form (with the error of a failed attempt), then success. */
    RegisterAccountName: { error?: string | undefined }
    RegisterAccountNameSuccess: { name: string }
  }
}

export const namesRoutes: RouteTable<'RegisterAccountName' | 'RegisterAccountNameSuccess'> = {
  RegisterAccountName: { view: lazyView(() => import('./RegisterAccountNameView')), title: 'Choose name' },
  RegisterAccountNameSuccess: { view: lazyView(() => import('./RegisterAccountNameSuccessView')), title: 'Name registered' },
}
