/**
 * The embedded wallet's connector id (SPEC section 1 lists ID_AUTH; AppKit's CONNECTOR_ID.AUTH).
 * The AUTH connector (connectors/auth) sets `connection.connectorId` to this; views that differ
 * for the embedded wallet (the Account view's Tokens / NFTs / Activity tabs) key on it, without
 * importing the connector itself.
 */
export const AUTH_CONNECTOR_ID = 'ID_AUTH'

export function isEmbeddedConnector(connectorId: string | undefined): boolean {
  return connectorId === AUTH_CONNECTOR_ID
}
