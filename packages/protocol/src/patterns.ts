/** Patterns shared by the zod schemas and their lite twins, so the two cannot drift. */
export const CAIP_NETWORK_ID = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/
export const CAIP_ADDRESS = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:[-.%a-zA-Z0-9]{1,128}$/
export const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
export const DATA_IMAGE_URI = /^data:image\/(svg\+xml|png|jpeg|webp|gif)[;,]/
export const STORAGE_KEY = /^[-_.:a-zA-Z0-9]{1,100}$/
/** http(s) or an app's custom scheme (deep links), never script-capable schemes. */
export const OPENABLE_URL = /^(?!(javascript|data|vbscript|file|blob):)(https?:\/\/|[a-z][-+.a-z0-9]*:\/\/)/i
export const NAMESPACES = ['eip155', 'solana', 'polkadot', 'bip122'] as const
export const CONNECTION_STATUSES = ['disconnected', 'connecting', 'connected', 'reconnecting'] as const
export const THEME_MODES = ['dark', 'light'] as const
export const PROVIDER_EVENTS = ['accountsChanged', 'chainChanged', 'connect', 'disconnect', 'message'] as const
export const CONNECTOR_DESCRIPTION_TYPES = ['ANNOUNCED', 'INJECTED'] as const
export const PENPAL_TYPES = ['SYN', 'ACK1', 'ACK2', 'CALL', 'REPLY', 'DESTROY'] as const
/** The widget's boot alerts (SPEC section 8, "Library alerts"). */
export const WIDGET_BOOT_ERRORS = ['Invalid App Configuration', 'Invalid Project ID', 'Project ID Not Configured'] as const
/** The widget origin's boot status (WidgetBootStatus), which the host SDK asks without zod. */
export const WIDGET_BOOT_STATUS_PATH = '/boot-status'
