import { el, mono, row, type Parts } from '../../../display/dom'
import type { DecodedPermissions, PermissionLine } from './sheet'

/** The permission sheet: per permission, the session account and what it may move, to whom, when. */
export function permissionParts({ permissions, upgradeTo }: DecodedPermissions): Parts {
  return {
    details: el(
      'div',
      { className: 'al-approve-section', testId: 'permission-sheet' },
      upgradeTo !== undefined &&
        el(
          'p',
          { className: 'al-approve-note', testId: 'approve-upgrade' },
          'Upgrades this account to a smart account (delegates to ',
          mono(upgradeTo),
          ')',
        ),
      ...permissions.map(permissionRows),
      el('p', {
        className: 'al-approve-note',
        text: 'The app may move this without asking you again; the chain refuses anything beyond it. You can revoke it at any time.',
      }),
    ),
  }
}

/** What a revoke disables: each permission as the grant showed it, or that it cannot be described. */
export function revokedParts(revoked: (PermissionLine | 'undescribed')[]): HTMLElement {
  return el(
    'div',
    { className: 'al-approve-section', testId: 'revoke-sheet' },
    el('p', { className: 'al-approve-note', text: 'The app’s key can no longer use these permissions once this is on chain:' }),
    ...revoked.map((permission) =>
      permission === 'undescribed'
        ? el('p', { className: 'al-approve-note', text: 'A permission this wallet cannot describe (not one it granted)' })
        : permissionRows(permission),
    ),
  )
}

function permissionRows(permission: PermissionLine): HTMLElement {
  return el(
    'dl',
    { className: 'al-approve-rows al-approve-box', testId: 'permission' },
    row('App’s key', mono(permission.sessionAccount, { testId: 'permission-session' })),
    row('Token', mono(permission.token, { testId: 'permission-token' })),
    row('Up to', el('span', { testId: 'permission-amount', text: `${permission.amountText} ${permission.periodText}` })),
    row('To', permission.payee ? mono(permission.payee, { testId: 'permission-payee' }) : el('strong', { text: 'any address' })),
    row('From', permission.startText),
    row('Until', el('span', { testId: 'permission-until', text: permission.untilText })),
  )
}
